"""The renderer's function layer, run in Chromium, and its agreement with the server's
rules (regular-expression safety, formatString grammar)."""

import pytest

from apps.a2ui.expressions import ExpressionError, parse_template
from apps.a2ui.regex_safety import unsafe_reason

pytestmark = [pytest.mark.slow, pytest.mark.browser]

EVALUATE = """async ([dynamic, data]) => {
  const { DataModel } = await import('/static/a2ui/reactive.js');
  const { Evaluator } = await import('/static/a2ui/functions.js');
  const model = new DataModel();
  model.set([], data);
  return new Evaluator(model, { locale: 'en-US' }).value(dynamic, []);
}"""


def call(name, **args):
    return {"call": name, "args": args}


CASES = [
    (
        call("formatDate", value="2026-03-01", format="EEEE, d MMMM yyyy"),
        {},
        "Sunday, 1 March 2026",
    ),
    (call("formatDate", value="2026-03-01T14:05:00", format="h:mm a"), {}, "2:05 PM"),
    (
        call("formatDate", value="2026-03-01", format="MMM dd, yyyy 'at' HH:mm"),
        {},
        "Mar 01, 2026 at 00:00",
    ),
    (call("formatDate", value="not a date", format="yyyy"), {}, ""),
    (
        call(
            "formatString",
            value="Hi ${/name}, \\${literal} ${formatNumber(value: ${/n}, decimals: 1)}",
        ),
        {"name": "Ada", "n": 1234.56},
        "Hi Ada, ${literal} 1,234.6",
    ),
    (
        call("formatString", value="${pluralize(value: ${/n}, one: 'item', other: 'items')}"),
        {"n": 1},
        "item",
    ),
    (call("pluralize", value=3, one="item", other="items"), {}, "items"),
    (call("formatCurrency", value=1234.5, currency="USD"), {}, "$1,234.50"),
    (call("formatNumber", value=1234567, grouping=False), {}, "1234567"),
    (call("equals", a={"path": "/t"}, b=["roundTrip"]), {"t": ["roundTrip"]}, True),
    (call("equals", a={"path": "/t"}, b=["roundTrip"]), {"t": ["oneWay"]}, False),
    (call("compare", a="2026-07-20", op="ge", b="2026-07-10"), {}, True),
    (call("compare", a="2026-07-05", op="ge", b="2026-07-10"), {}, False),
    (call("compare", a="", op="ge", b="2026-07-10"), {}, False),
    (call("compare", a=10, op="lt", b="9"), {}, False),
    (call("and", values=[True, call("not", value=False)]), {}, True),
    (call("or", values=[False, call("required", value={"path": "/missing"})]), {}, False),
    (call("length", value="abc", min=2, max=3), {}, True),
    (call("numeric", value="12", min=13), {}, False),
    (call("email", value="a@b.co"), {}, True),
    (call("regex", value="12345", pattern="^\\d{5}$"), {}, True),
    (call("regex", value="a" * 40 + "!", pattern="^(a+)+$"), {}, True),
    (call("constructor", value=1), {}, None),
    ({"path": "/__proto__"}, {}, None),
]


@pytest.fixture(scope="module")
def page(chromium, harness_server):
    from tests.a2ui.conftest import open_harness

    context, page, _ = open_harness(chromium, harness_server)
    yield page
    context.close()


@pytest.mark.parametrize(("dynamic", "data", "expected"), CASES, ids=lambda v: str(v)[:60])
def test_function(page, dynamic, data, expected):
    assert page.evaluate(EVALUATE, [dynamic, data]) == expected


PATTERNS = [
    "^\\d{5}$",
    "^[^@]+@[^@]+\\.[a-z]{2,}$",
    "^(\\+\\d{1,3} )?\\d+$",
    "(\\d{3}-)+",
    "[(]+",
    "(?<year>\\d{4})-\\d\\d",
    "(a+)+$",
    "(a|a)*",
    "(a|aa)+b",
    "((ab)*)+",
    "(?:x+)*y",
    "(\\w+\\s?)*$",
    "(x{2,3}){2,}",
    "([a-z]?)+",
]


def test_regex_safety_agrees_with_the_server(page):
    browser = page.evaluate(
        "async (patterns) => { const m = await import('/static/a2ui/regex.js'); return patterns.map((p) => m.unsafeReason(p) !== null); }",
        PATTERNS,
    )
    assert browser == [unsafe_reason(pattern) is not None for pattern in PATTERNS]


TEMPLATES = [
    "plain",
    "${/a}",
    "${f(x: ${/b}, y: 'c')}",
    "\\${x}",
    "${/a",
    "${f(x)}",
    "${f(x: 1 2)}",
    "${'open}",
    "${" * 20 + "}" * 20,
]


def test_template_grammar_agrees_with_the_server(page):
    def server_ok(template):
        try:
            parse_template(template)
            return True
        except ExpressionError:
            return False

    browser = page.evaluate(
        "async (templates) => { const m = await import('/static/a2ui/expressions.js'); return templates.map((t) => { try { m.parseTemplate(t); return true; } catch { return false; } }); }",
        TEMPLATES,
    )
    assert browser == [server_ok(template) for template in TEMPLATES]
