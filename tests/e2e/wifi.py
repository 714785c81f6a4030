"""The hall's Wi-Fi between the phones and the server, as a TCP relay the
test can drop and bring back. Chromium's offline emulation does not reach
a page's service worker (its requests still go out), so a phone that must
really lose the server talks to it through this; ``down()`` also cuts the
connections a browser keeps alive."""

import contextlib
import socket
import threading
from urllib.parse import urlparse


class HallWifi:
    def __init__(self, server_url: str):
        target = urlparse(server_url)
        self.target = (target.hostname, target.port)
        self.listener = socket.create_server(("127.0.0.1", 0), backlog=64)
        self.url = f"http://localhost:{self.listener.getsockname()[1]}"
        self.working = True
        self.open: set[socket.socket] = set()
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def down(self) -> None:
        with self.lock:
            self.working = False
            for sock in self.open:
                _close(sock)
            self.open.clear()

    def up(self) -> None:
        with self.lock:
            self.working = True

    def close(self) -> None:
        self.down()
        _close(self.listener)

    def _accept(self) -> None:
        while True:
            try:
                phone, _address = self.listener.accept()
            except OSError:
                return
            with self.lock:
                if not self.working:
                    _close(phone)
                    continue
                try:
                    server = socket.create_connection(self.target, timeout=5)
                except OSError:
                    _close(phone)
                    continue
                server.settimeout(None)
                self.open.update((phone, server))
            for a, b in ((phone, server), (server, phone)):
                threading.Thread(target=_pump, args=(a, b), daemon=True).start()


def _pump(source: socket.socket, sink: socket.socket) -> None:
    try:
        while chunk := source.recv(65536):
            sink.sendall(chunk)
    except OSError:
        pass
    finally:
        _close(sink)
        _close(source)


def _close(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    sock.close()
