"""Jobs released at the same moment in threads, for the race tests."""

import threading

from django.db import connection


def together(*jobs, hand_barrier: bool = False, timeout: float = 60) -> list:
    """Run the jobs in threads released at once; the value or the exception
    of each. With ``hand_barrier`` each job gets the barrier and releases
    itself (to wait at a point of its own), else it starts when all do."""
    barrier = threading.Barrier(len(jobs))
    results = [None] * len(jobs)

    def run(i, job):
        try:
            if hand_barrier:
                results[i] = job(barrier)
            else:
                barrier.wait()
                results[i] = job()
        except Exception as exc:
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, j)) for i, j in enumerate(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=timeout)
    return results
