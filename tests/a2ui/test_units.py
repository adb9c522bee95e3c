"""Building blocks: JSON Pointers, formatString expressions, regex safety, content rules."""

import pytest

from apps.a2ui import pointer
from apps.a2ui.expressions import ExpressionError, parse_template
from apps.a2ui.regex_safety import regex_problem, unsafe_reason
from apps.a2ui.safety import markup_problem, url_problem


def split(path):
    return pointer.split(path, max_length=512, max_segments=32)


@pytest.mark.parametrize(
    ("path", "segments"),
    [
        ("", []),
        ("/", []),
        ("/a/b", ["a", "b"]),
        ("/a~1b/~0c", ["a/b", "~c"]),
        ("name", ["name"]),
        ("/items/0", ["items", "0"]),
    ],
)
def test_pointer_split(path, segments):
    assert split(path) == segments


@pytest.mark.parametrize(
    "path", ["/a~2", "/__proto__/x", "constructor", "/a/prototype", "/a\n", "/" + "a/" * 40]
)
def test_pointer_refuses(path):
    with pytest.raises(pointer.PointerError):
        split(path)


def test_pointer_assign_and_resolve():
    document = pointer.assign({}, ["a", "0", "b"], 1)
    assert document == {"a": [{"b": 1}]}
    assert pointer.resolve(document, ["a", "0", "b"]) == 1
    assert pointer.resolve(document, ["a", "5"]) is pointer.MISSING
    assert pointer.assign(document, ["a"], None, remove=True) == {}
    assert pointer.assign({"x": []}, ["x", "99999"], 1) == {"x": []}


def test_template_parsing_finds_functions_and_paths():
    parsed = parse_template(
        "(${formatNumber(value: ${/count})} ${pluralize(value: ${/count}, one: 'item', other: 'items')}) ${name} \\${literal}"
    )
    assert parsed.functions == ["formatNumber", "pluralize"]
    assert parsed.paths == ["/count", "/count", "name"]


@pytest.mark.parametrize(
    "template", ["${/a", "${f(x)}", "${f(x: 1 2)}", "${'open}", "${" * 40 + "}" * 40]
)
def test_template_errors(template):
    with pytest.raises(ExpressionError):
        parse_template(template)


@pytest.mark.parametrize(
    "pattern",
    [
        "^\\d{5}$",
        "^[^@]+@[^@]+\\.[a-z]{2,}$",
        "^(\\+\\d{1,3} )?\\d+$",
        "^\\+?[0-9]{10,15}$",
        "(\\d{3}-)+",
        "[(]+",
    ],
)
def test_safe_patterns(pattern):
    assert unsafe_reason(pattern) is None


@pytest.mark.parametrize(
    "pattern",
    ["(a+)+$", "(a|a)*", "(a|aa)+b", "((ab)*)+", "(?:x+)*y", "(\\w+\\s?)*$", "(x{2,3}){2,}"],
)
def test_unsafe_patterns(pattern):
    assert unsafe_reason(pattern)


def test_regex_problem_length_and_syntax():
    assert regex_problem("a" * 300, max_length=256)
    assert regex_problem("(", max_length=256).startswith("invalid")


@pytest.mark.parametrize(
    "text",
    [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "x<a href='y'>",
        "</style>",
        "onload=alert(1)",
        "javascript:alert(1)",
        "data:text/html;base64,AA",
        "expression(alert(1))",
    ],
)
def test_markup_is_refused(text):
    assert markup_problem(text)


@pytest.mark.parametrize(
    "text", ["a < b and c > d", "WHERE online = true", "data: 5 rows", "x <b> y", "Price <= 40"]
)
def test_plain_text_passes(text):
    assert markup_problem(text) is None


@pytest.mark.parametrize("url", ["", "https://example.com/a.png", "/artifacts/12/figure.png"])
def test_allowed_urls(url):
    assert url_problem(url) is None


@pytest.mark.parametrize(
    "url",
    [
        "http://example.com",
        "javascript:alert(1)",
        "data:image/png;base64,AA",
        "//evil.example/x",
        "/static/x.js",
        "/artifacts/../admin",
        "https://u:p@example.com",
        " https://example.com",
        "https:///nohost",
    ],
)
def test_refused_urls(url):
    assert url_problem(url)
