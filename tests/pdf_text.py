"""Text read back from a PDF the site made, for the tests that check what
a document says (names, numbers, words), one way for all of them.

pypdfium2 (PDFium, the reader in Chromium; pdfplumber's own dependency)
reads a page's text about thirty times faster than pdfplumber's layout
analysis, which the tests that measure where text sits still use
(``tests/exports/pdf_boxes.py``). Lines end in ``\\n``.
"""

import pypdfium2


def pdf_pages(data: bytes) -> list[str]:
    """The text of each page, in order."""
    document = pypdfium2.PdfDocument(data)
    try:
        pages = []
        for page in document:
            text = page.get_textpage()
            pages.append(
                text.get_text_range().replace("\r\n", "\n").replace("\r", "\n")
            )
            text.close()
            page.close()
        return pages
    finally:
        document.close()


def pdf_text(data: bytes) -> str:
    """The text of every page, pages one after another."""
    return "\n".join(pdf_pages(data))
