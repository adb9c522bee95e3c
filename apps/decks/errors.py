"""Domain errors of the decks app. Messages are written for the person who gave the file.

Message texts are module constants so that tests (and the web page later) can reuse them.
"""

NOT_FOUND = "{name}: no such file."
NOT_A_FILE = "{name} is not a file (a folder, a device or a pipe); give the paper's PDF file."
NOT_A_PDF = (
    "{name} is not a PDF (it does not start with the %PDF- signature). "
    "Export the paper as PDF and try again."
)
TOO_LARGE = "{name} is {size_mb:.1f} MB; the limit is {limit_mb:g} MB."
ENCRYPTED = (
    "{name} is encrypted with a password. Save an unprotected copy "
    "(for example `qpdf --decrypt in.pdf out.pdf`) and try again."
)
CORRUPT = "{name} could not be read as a PDF ({detail}). The file may be damaged or truncated."
NO_PAGES = "{name} has no pages."
TOO_MANY_PAGES = (
    "{name} has {pages} pages; decks are made from papers of at most {limit} pages. "
    "Split the document and keep the paper itself."
)
NO_TEXT = (
    "{name} has no extractable text; it looks like a scanned image. Run OCR on it first "
    "(for example `ocrmypdf in.pdf out.pdf`)."
)
TOO_LITTLE_TEXT = (
    "{name} has only {words} words of text; a deck needs a paper with at least {limit}."
)
PAGE_TOO_LARGE = (
    "Page {page} of {name} is {width:.0f}×{height:.0f} pt; pages larger than {limit} pt "
    "on a side are not supported."
)
IMAGE_TOO_LARGE = (
    "Page {page} of {name} embeds an image of {width}×{height} pixels "
    "({megapixels:.0f} megapixels); the limit is {limit} megapixels per image. "
    "Downsample the images and try again."
)
STREAM_TOO_LARGE = (
    "Page {page} of {name} holds a compressed stream that inflates past {limit_mb} MB; "
    "a paper's page never does. The file may be built to exhaust memory."
)
DRAWING_TOO_LARGE = (
    "The pages of {name} are drawn from more than {limit_mb:g} MB of instructions once "
    "inflated; a paper's never are. The file may be built to exhaust memory."
)
OPEN_TOO_SLOW = (
    "{name} could not be opened within {seconds:g} s; a paper opens in well under a second. "
    "The file may be damaged or built to exhaust the reader: save or print it to a new PDF "
    "and try again."
)
RENDERER_MISSING = (
    "The Slidev renderer is not installed ({path} is missing). Run "
    "`cd renderers/slidev && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund`."
)
RENDERER_FAILED = "Slidev {step} failed (exit code {code}): {detail}"
RENDERER_TIMEOUT = "Slidev {step} did not finish within {seconds:.0f} s."
BAD_ROUNDS = "The number of review rounds must be between 1 and {limit}, got {rounds}."
OUT_IS_FILE = "{path} exists and is not a folder; choose another output folder."
OUT_UNDER_FILE = "{path} cannot be a folder: {file} is a file; choose another output folder."
OUT_NOT_WRITABLE = "Cannot write into {folder} ({reason}); choose another output folder."
OUT_HOLDS_OTHER_FILES = (
    "{path} already holds {names}, not from a deck made here (it has no summary.json): a deck "
    "would replace them. Choose an empty folder, a new one, or a deck's own folder."
)


class DeckError(Exception):
    """Anything that stops a deck from being made; the message says what to do."""


class PaperError(DeckError):
    """The input file cannot be turned into a paper (not a PDF, encrypted, scanned, too big)."""


class LimitExceeded(PaperError):
    """The input is a valid PDF but above a stated limit."""


class RendererError(DeckError):
    """Slidev or Chromium could not build, render or export the deck."""


class ProposerError(DeckError):
    """A proposer could not produce a valid deck."""
