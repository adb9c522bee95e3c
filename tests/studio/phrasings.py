"""Classes of UI requests, each in the many ways people phrase it (casual English, typos,
politeness, word order), and requests that are not about the UI at all. Shared by
test_classifier.py and test_phrasings.py; expected values come from the planner's data
(swatches, tints, CSS names) and the document's defaults, never from the planner's output."""

from dataclasses import dataclass, field

from apps.studio.planner.palette import CSS_NAMED_COLORS, SWATCHES, TINTS
from apps.studio.preferences import DEFAULT_DARK, DEFAULT_LIGHT, FONT_SCALE_MIN


@dataclass(frozen=True)
class Expected:
    """What every phrasing of a class must produce against DEFAULT_LIGHT."""

    kind: str  # patch, history, clarify, notice
    intent: str = ""
    changes: dict[str, object] = field(default_factory=dict)  # for patches: path → value


def patch(**changes) -> Expected:
    return Expected("patch", changes={"/" + k.replace("__", "/"): v for k, v in changes.items()})


LIGHT = SWATCHES["light"]
# Dark mode from the light defaults: every theme field that differs between the two defaults.
DARK_MODE = Expected(
    "patch",
    changes={
        f"/theme/{name}": value
        for name, value in DEFAULT_DARK.theme.model_dump().items()
        if getattr(DEFAULT_LIGHT.theme, name) != value
    },
)

HEADCOUNT_SHORTCUT = {
    "id": "headcount-by-department",
    "label": "Headcount by department",
    "kind": "question",
    "target": "headcount by department",
}

CLASSES: list[tuple[Expected, list[str]]] = [
    (
        patch(theme__primary=LIGHT["blue"]),
        [
            "make the buttons blue",
            "Make the buttons blue!",
            "buttons blue pls",
            "blue buttons",
            "blue buttons please",
            "i want blue buttons",
            "I'd like the buttons to be blue",
            "the buttons should be blue",
            "can the buttons be blue",
            "could you make the buttons blue please?",
            "hey, make the buttons blue thanks",
            "change the button colour to blue",
            "change the color of the buttons to blue",
            "turn the buttons blue",
            "set buttons to blue",
            "paint the buttons blue",
            "buttons → blue",
            "make the butons blue",
            "make the buttns blue",
            "make the bottons blue",
            "make the buttons bleu",
            "make the buttons blu",
            "mkae the buttons blue",
            "BUTTONS BLUE",
            "make the buttons blue instead of green",
            "change the buttons from green to blue",
            "use blue for the buttons",
            "make the links blue",
            "make the background of the buttons blue",
            "could u make the btns blue",
            "make all the buttons blue",
            "the buttons, make them blue",
            "please change buttons to blue",
            "i prefer blue buttons",
            "is it possible to make the buttons blue?",
        ],
    ),
    (
        patch(theme__primary=LIGHT["green"]),
        [
            "make the buttons green, not blue",
            "green buttons please",
            "make the buttons grean",
            "not blue, make the buttons green",
        ],
    ),
    (
        patch(theme__text=CSS_NAMED_COLORS["darkblue"]),
        ["make the text dark blue", "dark blue text", "change the text colour to dark blue"],
    ),
    (
        patch(theme__background=TINTS["light"]["beige"]),
        ["make the background beige", "beige background", "make the backround beige"],
    ),
    (
        patch(theme__primary=LIGHT["blue"], theme__background=TINTS["light"]["beige"]),
        [
            "make the buttons blue and the background beige",
            "blue buttons and a beige background",
            "make the buttons blue, and the page beige",
        ],
    ),
    (
        patch(theme__text=LIGHT["blue"]),
        ["make the text in the panels blue", "make the font blue", "blue text please"],
    ),
    (
        DARK_MODE,
        [
            "dark mode",
            "switch to dark mode",
            "turn on dark mode",
            "use the dark theme",
            "darkmode please",
            "dakr mode",
            "night mode",
            "go dark",
            "make it dark",
            "lights off",
            "enable dark mode",
            "switch to the night theme",
            "dark theme please",
            "i want dark mode",
            "can we have dark mode?",
        ],
    ),
    (
        patch(theme__font_scale=1.1),
        [
            "make the text bigger",
            "larger font please",
            "increase the font size",
            "the text is too small",
            "zoom in",
            "bigger text",
            "text bigger pls",
            "make everything bigger",
            "make the font size 110%",
            "set the text size to 1.1",
            "make the txt bigger",
            "make the text biger",
            "make the letters larger",
            "text is too small",
            "increase the text size",
        ],
    ),
    (
        patch(theme__font_scale=FONT_SCALE_MIN),
        [
            "make the text much smaller",
            "make the font a lot smaller",
            "text size 85%",
            "make the text way smaller",
        ],
    ),
    (
        patch(theme__font="mono"),
        [
            "use a monospace font",
            "switch to monospace",
            "monospaced font please",
            "use a code font",
        ],
    ),
    (
        patch(theme__font="serif"),
        [
            "switch to a serif font",
            "serif please",
            "make the font serif",
            "use a book font",
            "change the font to serif",
            "i would like a serif typeface",
        ],
    ),
    (
        patch(theme__font="readable"),
        ["use a more readable font", "a dyslexia friendly font", "use a legible font"],
    ),
    (
        patch(theme__density="compact"),
        ["make it more compact", "less padding", "reduce the spacing", "tighter spacing please"],
    ),
    (
        patch(theme__density="spacious"),
        [
            "more spacing please",
            "increase the spacing",
            "more breathing room",
            "add padding",
            "it feels cramped, more space please",
            "make it roomier",
        ],
    ),
    (
        patch(theme__radius=0),
        ["square corners please", "no rounded corners", "sharp corners", "corner radius 0"],
    ),
    (
        patch(theme__radius=10),
        [
            "rounder corners",
            "make the corners rounder",
            "more rounded corners",
            "make it rounder",
            "rounder buttons please",
        ],
    ),
    (
        patch(layout__sidebar="right"),
        [
            "move the sidebar to the right",
            "put the sidebar on the right side",
            "sidebar on the right please",
            "move the sidebar to the other side",
            "i want the menu on the right",
            "move the sidbar to the right",
            "swap the sidebar",
            "the sidebar should be on the right",
            "move the navigation to the right hand side",
        ],
    ),
    (
        patch(layout__sidebar="hidden"),
        [
            "hide the sidebar",
            "remove the sidebar",
            "get rid of the sidebar",
            "no sidebar",
            "collapse the navigation",
            "i do not need the sidebar",
        ],
    ),
    (
        patch(layout__artifact_panel="bottom"),
        [
            "move the results to the bottom",
            "put the charts and tables below the conversation",
            "show the results at the bottom",
            "results at the bottom please",
        ],
    ),
    (
        patch(layout__panels__sql=False),
        [
            "hide the sql panel",
            "Hide the SQL",
            "I don't want to see the SQL",
            "don't show the sql",
            "stop showing the query",
            "turn off the sql",
            "no more sql please",
            "make the sql panel hidden",
        ],
    ),
    (
        patch(layout__panels__sql=False, layout__panels__chart=False),
        [
            "hide the sql and the chart",
            "hide the sql panel and the chart panel",
            "hide the chart and the sql",
        ],
    ),
    (
        Expected("history", "undo"),
        [
            "undo",
            "Undo that.",
            "undo the last change",
            "revert that",
            "take that back",
            "change it back",
            "oops, undo",
            "undo it please",
            "go back",
            "undo the last thing you did",
            "please undo",
            "revert the last change",
            "ctrl z",
        ],
    ),
    (
        Expected("history", "redo"),
        ["redo", "redo that please", "do it again", "redo the last change", "undo the undo"],
    ),
    (
        Expected("history", "reset"),
        [
            "reset",
            "reset to defaults",
            "reset my theme",
            "reset everything",
            "restore the defaults",
            "go back to the default look",
            "start over",
            "back to default",
            "defaults please",
            "use the default settings",
            "reset my preferences",
            "undo all my changes",
            "revert everything",
            "factory reset",
            "reset the ui",
            "back to normal",
            "reset everything please",
        ],
    ),
    (
        Expected("patch", changes={"/shortcuts/-": HEADCOUNT_SHORTCUT}),
        [
            "add a shortcut to headcount by department in the sidebar",
            "add a shortcut to headcount by department",
            "create a shortcut for headcount by department",
            "pin headcount by department to the sidebar",
            "add a button for headcount by department",
            "put headcount by department in the sidebar",
            "add a shortcut to headcount by department please",
            "add a shortcut to “headcount by department”",
        ],
    ),
    (
        Expected("clarify", "color"),
        [
            "make the buttons sparkly",
            "change the button color",
            "make it blue",
            "make the background dark",
            "make the buttons blue and green",
        ],
    ),
    (
        Expected("notice", "declined"),
        ["don't make the buttons blue", "do not hide the sql", "never switch to dark mode"],
    ),
    (
        Expected("notice", "unsupported"),
        [
            "make the UI look like Windows 95",
            "make the buttons bigger",
            "change the layout to three columns",
            "make the text bold",
            "make the buttons square",
            "make the button text bigger",
            "make the sidebar wider",
        ],
    ),
]

# Requests for the other planners, some sharing words with UI requests: the studio's
# planner must leave every one of them alone.
NOT_UI = [
    "How many active employees are there in each department?",
    "What is the average salary of the Sales department last year?",
    "show me headcount by department",
    "show me the results for sales below 5000",
    "show me the chart of salaries by department",
    "show me the sql for headcount",
    "which department has the highest average level",
    "Which department had the higher average salary last year, Engineering or Marketing?",
    "make a deck from this paper",
    "who are the ten employees with the largest salary increase",
    "are there unpaid salaries",
    "what is the total salary of the sales team",
    "show me employees hired in march",
    "how many people work in engineering",
    "what was the default salary band for level 3",
    "move Maria Silva to interview",
    "don't move Maria Silva to interview",
    "offer Maria 7200 for the position",
    "show candidates in limbo stage",
    "undo the last hire",
    "Book me a flight to Beijing",
    "Round trip from Lisbon to Beijing",
    "a round trip, leaving 10 December and returning 20 December",
    "What's the weather today?",
    "Tell me a joke",
    "",
    "x" * 400,
]
