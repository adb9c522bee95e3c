"""Generated gateway queries for the cross-tenant fuzzing: seeded, so a seed and an index
name the same SQL every time.

The schema comes from the database catalog for the gateway's allow-listed tables (columns,
their types, foreign keys), so a new table or column is fuzzed without editing this file.
Every column is used first (a projection, a filter and an aggregate each), then random
queries combine joins along the foreign keys, subqueries, CTEs (recursive too), window
functions, set operations, LATERAL and GROUPING SETS. About a third carry a tripwire: an
expression that fails (division by zero, a failing cast, a bad regular expression, an
impossible date, broken JSON) only when it is evaluated on a tenant-B row, placed in the
select list, WHERE, JOIN ON, HAVING, ORDER BY, a window, a CTE, a subquery or a LATERAL.
"""

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from apps.gateway.policy import ERP_TABLES

KINDS = {
    "bigint": "int",
    "integer": "int",
    "smallint": "int",
    "numeric": "num",
    "character varying": "text",
    "text": "text",
    "date": "date",
    "timestamp with time zone": "ts",
}
CATALOG_COLUMNS = """
    SELECT table_name, column_name, data_type FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = ANY(%s) ORDER BY table_name, ordinal_position
"""
CATALOG_KEYS = """
    SELECT c.conrelid::regclass::text, a.attname, c.confrelid::regclass::text
      FROM pg_constraint c
      JOIN LATERAL unnest(c.conkey, c.confkey) AS k(col, ref) ON true
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.col
      JOIN pg_attribute r ON r.attrelid = c.confrelid AND r.attnum = k.ref
     WHERE c.contype = 'f' AND r.attname = 'id' AND a.attname <> 'tenant_id'
       AND c.conrelid::regclass::text = ANY(%s) AND c.confrelid::regclass::text = ANY(%s)
     ORDER BY 1, 2
"""
FAMILIES = (
    "select",
    "aggregate",
    "join",
    "subquery",
    "cte",
    "recursive",
    "window",
    "setop",
    "lateral",
    "grouping",
    "tenant-filter",
)
CHANNELS = ("division", "cast", "regex", "date", "json")
# Columns whose tenant-B values are ordinary (its tenant id, levels, pipeline states,
# timestamps set by the database): a predicate on them cannot single B out.
NOT_MARKERS = {"tenant_id", "level", "state", "created_at", "updated_at"}


@dataclass(frozen=True)
class Schema:
    columns: dict[str, list[tuple[str, str]]]  # table -> [(column, kind)]
    keys: list[tuple[str, str, str]]  # (table, column, referenced table)

    def pairs(self) -> set[tuple[str, str]]:
        return {(table, column) for table, cols in self.columns.items() for column, _ in cols}


def read_schema(conn) -> Schema:
    """The allow-listed tables as the catalog describes them (a psycopg connection)."""
    tables = sorted(ERP_TABLES)
    columns: dict[str, list[tuple[str, str]]] = {table: [] for table in tables}
    for table, column, data_type in conn.execute(CATALOG_COLUMNS, [tables]).fetchall():
        if column in ERP_TABLES[table]:
            columns[table].append((column, KINDS[data_type]))
    keys = [tuple(row) for row in conn.execute(CATALOG_KEYS, [tables, tables]).fetchall()]
    return Schema(columns=columns, keys=keys)


@dataclass
class Fuzz:
    index: int
    family: str
    sql: str
    tripwire: str | None
    used: set[tuple[str, str]] = field(default_factory=set)

    @property
    def id(self) -> str:
        return f"{self.index:04d}-{self.family}" + (f"-{self.tripwire}" if self.tripwire else "")


def generate(schema: Schema, *, seed: int, count: int) -> list[Fuzz]:
    """`count` queries: every column first, then random ones."""
    queries = list(_coverage(schema, seed))
    rng = random.Random(f"fuzz:{seed}")
    while len(queries) < count:
        family = FAMILIES[len(queries) % len(FAMILIES)]
        builder = _Builder(schema, rng)
        tripwire = rng.choice(CHANNELS) if rng.random() < 0.35 else None
        sql = getattr(builder, family.replace("-", "_"))(tripwire)
        queries.append(Fuzz(len(queries), family, sql, tripwire, builder.used))
    return queries[:count]


def sample(queries: list[Fuzz], *, every: int) -> list[Fuzz]:
    """The fixed CI sample: the coverage queries, then every `every`-th random one."""
    return [query for query in queries if query.family == "column" or query.index % every == 0]


def _coverage(schema: Schema, seed: int) -> Iterator[Fuzz]:
    index = 0
    rng = random.Random(f"coverage:{seed}")
    for table, cols in schema.columns.items():
        for column, kind in cols:
            builder = _Builder(schema, rng)
            for sql in builder.column_queries(table, column, kind):
                yield Fuzz(index, "column", sql, None, {(table, column)})
                index += 1
            tripwire = CHANNELS[index % len(CHANNELS)]
            sql = builder.select(tripwire, table=table, column=(column, kind))
            yield Fuzz(index, "column", sql, tripwire, builder.used | {(table, column)})
            index += 1


class _Builder:
    """Builds one query; records the (table, column) pairs it reads in `used`."""

    def __init__(self, schema: Schema, rng: random.Random):
        self.schema = schema
        self.rng = rng
        self.used: set[tuple[str, str]] = set()
        self.aliases = 0

    # --- pieces ---------------------------------------------------------------------------

    def alias(self) -> str:
        self.aliases += 1
        return f"t{self.aliases}"

    def table(self) -> str:
        return self.rng.choice(sorted(self.schema.columns))

    def column(self, table: str, kinds: tuple[str, ...] | None = None) -> tuple[str, str]:
        choices = [c for c in self.schema.columns[table] if kinds is None or c[1] in kinds]
        if not choices:
            choices = self.schema.columns[table]
        column = self.rng.choice(choices)
        self.used.add((table, column[0]))
        return column

    def value(self, alias: str, column: tuple[str, str]) -> str:
        """An expression over the column, of the column's kind."""
        name, kind = column
        ref = f"{alias}.{name}"
        options = {
            "int": [ref, f"{ref} + 1", f"abs({ref})", f"{ref} % 97", f"greatest({ref}, 0)"],
            "num": [ref, f"round({ref}, 1)", f"{ref} * 2", f"coalesce({ref}, 0)"],
            "text": [ref, f"lower({ref})", f"upper({ref})", f"concat({ref}, '!')",
                     f"reverse({ref})", f"replace({ref}, 'a', 'b')", f"trim({ref})"],
            "date": [ref, f"date_trunc('month', {ref})::date", f"{ref} + 1",
                     f"to_char({ref}, 'YYYY-MM-DD')"],
            "ts": [ref, f"date_trunc('day', {ref})", f"to_char({ref}, 'YYYY-MM-DD HH24:MI')"],
        }  # fmt: skip
        return self.rng.choice(options[kind])

    def text_of(self, alias: str, column: tuple[str, str]) -> str:
        return f"CAST({self.value(alias, column)} AS text)"

    def predicate(self, alias: str, table: str) -> str:
        name, kind = self.column(table)
        ref = f"{alias}.{name}"
        options = {
            "int": [f"{ref} > {self.rng.randint(0, 50)}", f"{ref} BETWEEN 1 AND 5000",
                    f"{ref} IN (1, 2, 3, 5, 8)", f"{ref} IS NOT NULL"],
            "num": [f"{ref} > {self.rng.randint(0, 9000)}", f"{ref} IS NOT NULL"],
            "text": [f"{ref} LIKE '%{self.rng.choice('aeiou')}%'", f"{ref} <> ''",
                     f"length({ref}) > 3", f"{ref} ILIKE 'm%'"],
            "date": [f"{ref} >= DATE '2021-01-01'", f"{ref} < CURRENT_DATE", f"{ref} IS NULL"],
            "ts": [f"{ref} >= TIMESTAMPTZ '2000-01-01'", f"{ref} IS NOT NULL"],
        }  # fmt: skip
        return self.rng.choice(options[kind])

    def only_b(self, alias: str, table: str) -> str:
        """A predicate true on tenant-B rows only (their marker values)."""
        markers = [
            column
            for column in self.schema.columns[table]
            if column[0] not in NOT_MARKERS and column[1] in ("text", "int", "num", "date")
        ]
        name, kind = self.rng.choice(markers)
        self.used.add((table, name))
        ref = f"{alias}.{name}"
        if kind == "text":
            return f"{ref} ILIKE '%zqxb%'"
        if kind in ("int", "num"):
            return f"{ref} >= 5000000000"
        return f"({ref} < DATE '1950-01-01' OR {ref} > DATE '2150-01-01')"

    def tripwire(self, channel: str, alias: str, table: str) -> str:
        """An integer-valued expression that fails only when `only_b` holds for the row."""
        when = self.only_b(alias, table)
        text = self.column(table, ("text",))
        marker = f"{alias}.{text[0]}" if text[1] == "text" else "'zqxb'"
        return {
            "division": f"1 / (CASE WHEN {when} THEN 0 ELSE 1 END)",
            "cast": f"CAST(CASE WHEN {when} THEN {marker} ELSE '1' END AS integer)",
            "regex": f"(CASE WHEN 'x' ~ (CASE WHEN {when} THEN '(' ELSE 'x' END) THEN 1 ELSE 0 END)",
            "date": f"extract(day FROM make_date(2020, CASE WHEN {when} THEN 13 ELSE 1 END, 1))::int",
            "json": f"jsonb_array_length(CAST(CASE WHEN {when} THEN '[' ELSE '[1]' END AS jsonb))",
        }[channel]

    def edge(self) -> tuple[str, str, str]:
        return self.rng.choice(self.schema.keys)

    # --- families -------------------------------------------------------------------------

    def column_queries(self, table: str, column: str, kind: str) -> list[str]:
        a = self.alias()
        ref = f"{a}.{column}"
        aggregate = {"text": f"string_agg({ref}, ',' ORDER BY {ref})",
                     "int": f"sum({ref})", "num": f"sum({ref})",
                     "date": f"max({ref})", "ts": f"min({ref})"}[kind]  # fmt: skip
        return [
            f"SELECT {ref} FROM {table} {a} ORDER BY 1 LIMIT 50",
            f"SELECT {ref}, {a}.id FROM {table} {a} WHERE {self.only_b(a, table)} ORDER BY 2",
            f"SELECT {aggregate}, count({ref}) FROM {table} {a}",
        ]

    def select(self, tripwire, *, table=None, column=None) -> str:
        table = table or self.table()
        a = self.alias()
        column = column or self.column(table)
        self.used.add((table, column[0]))
        items = [self.value(a, column), self.value(a, self.column(table))]
        where = self.predicate(a, table)
        if tripwire and self.rng.random() < 0.5:
            where = f"{where} OR {self.tripwire(tripwire, a, table)} = 1"
        elif tripwire:
            items.append(self.tripwire(tripwire, a, table))
        distinct = "DISTINCT " if self.rng.random() < 0.2 else ""
        return (
            f"SELECT {distinct}{', '.join(items)} FROM {table} {a} WHERE {where} "
            f"ORDER BY 1 LIMIT {self.rng.randint(1, 200)}"
        )

    def aggregate(self, tripwire) -> str:
        table = self.table()
        a = self.alias()
        group = self.value(a, self.column(table, ("text", "int", "date")))
        name, kind = self.column(table, ("int", "num", "text", "date"))
        measure = {
            "int": f"sum({a}.{name})", "num": f"avg({a}.{name})",
            "text": f"max({a}.{name})", "date": f"min({a}.{name})",
        }[kind]  # fmt: skip
        having = "count(*) > 0"
        if tripwire:
            having = f"sum({self.tripwire(tripwire, a, table)}) >= 0"
        return (
            f"SELECT {group} AS g, count(*) AS n, {measure} AS m FROM {table} {a} "
            f"GROUP BY 1 HAVING {having} ORDER BY 2 DESC, 1 LIMIT 100"
        )

    def join(self, tripwire) -> str:
        child, key, parent = self.edge()
        a, b = self.alias(), self.alias()
        self.used.add((child, key))
        self.used.add((parent, "id"))
        kind = self.rng.choice(["JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN"])
        on = f"{b}.id = {a}.{key}"
        if tripwire and self.rng.random() < 0.5:
            on = f"{on} AND {self.tripwire(tripwire, b, parent)} = 1"
        items = [self.text_of(a, self.column(child)), self.text_of(b, self.column(parent))]
        if tripwire and " AND " not in on:
            items.append(self.tripwire(tripwire, a, child))
        return (
            f"SELECT {', '.join(items)} FROM {child} {a} {kind} {parent} {b} ON {on} "
            f"ORDER BY 1, 2 LIMIT 100"
        )

    def subquery(self, tripwire) -> str:
        child, key, parent = self.edge()
        a, b = self.alias(), self.alias()
        self.used.add((child, key))
        inner_where = self.predicate(b, parent)
        if tripwire:
            inner_where = f"{inner_where} AND {self.tripwire(tripwire, b, parent)} = 1"
        shape = self.rng.choice(["in", "exists", "scalar", "derived"])
        value = self.text_of(a, self.column(child))
        if shape == "in":
            return (
                f"SELECT {value} FROM {child} {a} WHERE {a}.{key} IN "
                f"(SELECT {b}.id FROM {parent} {b} WHERE {inner_where}) ORDER BY 1 LIMIT 100"
            )
        if shape == "exists":
            return (
                f"SELECT {value} FROM {child} {a} WHERE EXISTS (SELECT 1 FROM {parent} {b} "
                f"WHERE {b}.id = {a}.{key} AND {inner_where}) ORDER BY 1 LIMIT 100"
            )
        if shape == "scalar":
            other = self.text_of(b, self.column(parent))
            return (
                f"SELECT {value}, (SELECT max({other}) FROM {parent} {b} WHERE {b}.id = {a}.{key} "
                f"AND {inner_where}) FROM {child} {a} ORDER BY 1 LIMIT 100"
            )
        return (
            f"SELECT s.v, count(*) FROM (SELECT {self.text_of(b, self.column(parent))} AS v "
            f"FROM {parent} {b} WHERE {inner_where}) AS s GROUP BY s.v ORDER BY 2 DESC, 1 LIMIT 50"
        )

    def cte(self, tripwire) -> str:
        table = self.table()
        a = self.alias()
        materialized = self.rng.choice(["", "MATERIALIZED ", "NOT MATERIALIZED "])
        items = [f"{self.text_of(a, self.column(table))} AS v", f"{a}.id AS id"]
        self.used.add((table, "id"))
        if tripwire:
            items.append(f"{self.tripwire(tripwire, a, table)} AS w")
        body = f"SELECT {', '.join(items)} FROM {table} {a} WHERE {self.predicate(a, table)}"
        return (
            f"WITH s AS {materialized}({body}), c AS (SELECT count(*) AS n FROM s) "
            f"SELECT s.v, c.n FROM s CROSS JOIN c ORDER BY s.id LIMIT 100"
        )

    def recursive(self, tripwire) -> str:
        table = self.table()
        a, b = self.alias(), self.alias()
        self.used.add((table, "id"))
        column = self.column(table)
        step = f"{b}.id > r.id AND {b}.id <= r.id + 5"
        if tripwire:
            step = f"{step} AND {self.tripwire(tripwire, b, table)} = 1"
        return (
            f"WITH RECURSIVE r(id, v, depth) AS ("
            f"SELECT {a}.id, {self.text_of(a, column)}, 1 FROM {table} {a} "
            f"WHERE {a}.id IN (SELECT min(id) FROM {table}) "
            f"UNION ALL SELECT {b}.id, {self.text_of(b, column)}, r.depth + 1 "
            f"FROM {table} {b} JOIN r ON {step} WHERE r.depth < 4) "
            f"SELECT id, v, depth FROM r ORDER BY depth, id LIMIT 200"
        )

    def window(self, tripwire) -> str:
        table = self.table()
        a = self.alias()
        part = self.value(a, self.column(table, ("text", "int", "date")))
        if tripwire:
            part = f"{part}, {self.tripwire(tripwire, a, table)}"
        order = f"{a}.{self.column(table)[0]}"
        name, kind = self.column(table, ("int", "num"))
        function = self.rng.choice(
            [
                "row_number()",
                "rank()",
                "dense_rank()",
                f"lag({a}.{name})",
                f"lead({a}.{name}, 2)",
                f"sum({a}.{name})" if kind in ("int", "num") else "count(*)",
                f"first_value({a}.{name})",
            ]
        )
        return (
            f"SELECT {self.text_of(a, self.column(table))}, {function} OVER "
            f"(PARTITION BY {part} ORDER BY {order}) AS w FROM {table} {a} ORDER BY 2, 1 LIMIT 100"
        )

    def setop(self, tripwire) -> str:
        first, second = self.table(), self.table()
        a, b = self.alias(), self.alias()
        operator = self.rng.choice(["UNION", "UNION ALL", "INTERSECT", "EXCEPT", "EXCEPT ALL"])
        left_where = self.predicate(a, first)
        if tripwire:
            left_where = f"{left_where} AND {self.tripwire(tripwire, a, first)} = 1"
        return (
            f"(SELECT {self.text_of(a, self.column(first))} AS v FROM {first} {a} "
            f"WHERE {left_where}) {operator} "
            f"(SELECT {self.text_of(b, self.column(second))} FROM {second} {b}) ORDER BY 1 LIMIT 100"
        )

    def lateral(self, tripwire) -> str:
        child, key, parent = self.edge()
        a, b = self.alias(), self.alias()
        self.used.add((child, key))
        inner = f"{b}.{key} = {a}.id"
        if tripwire:
            inner = f"{inner} AND {self.tripwire(tripwire, b, child)} = 1"
        shape = self.rng.choice(["count", "first", "unnest"])
        if shape == "count":
            return (
                f"SELECT {self.text_of(a, self.column(parent))}, l.n FROM {parent} {a} "
                f"CROSS JOIN LATERAL (SELECT count(*) AS n FROM {child} {b} WHERE {inner}) l "
                f"ORDER BY 2 DESC, 1 LIMIT 100"
            )
        if shape == "first":
            return (
                f"SELECT {self.text_of(a, self.column(parent))}, l.v FROM {parent} {a} "
                f"LEFT JOIN LATERAL (SELECT {self.text_of(b, self.column(child))} AS v "
                f"FROM {child} {b} WHERE {inner} ORDER BY {b}.id LIMIT 1) l ON true "
                f"ORDER BY 1, 2 LIMIT 100"
            )
        values = [self.text_of(a, self.column(parent)), self.text_of(a, self.column(parent))]
        where = f"WHERE {self.tripwire(tripwire, a, parent)} = 1" if tripwire else ""
        return (
            f"SELECT u.v, count(*) FROM {parent} {a} CROSS JOIN LATERAL "
            f"unnest(ARRAY[{', '.join(values)}]) AS u(v) {where} GROUP BY 1 ORDER BY 2 DESC, 1 "
            f"LIMIT 100"
        )

    def grouping(self, tripwire) -> str:
        table = self.table()
        a = self.alias()
        g1 = self.text_of(a, self.column(table, ("text", "int", "date")))
        g2 = self.text_of(a, self.column(table, ("text", "int", "date")))
        name, kind = self.column(table, ("int", "num"))
        measure = f"sum({a}.{name})" if kind in ("int", "num") else "count(*)"
        sets = self.rng.choice(
            [f"GROUPING SETS (({g1}), ({g2}), ())", f"ROLLUP ({g1}, {g2})", f"CUBE ({g1}, {g2})"]
        )
        where = f"WHERE {self.tripwire(tripwire, a, table)} = 1" if tripwire else ""
        return (
            f"SELECT {g1} AS g1, {g2} AS g2, count(*) AS n, {measure} AS m FROM {table} {a} "
            f"{where} GROUP BY {sets} ORDER BY 3 DESC, 1, 2 LIMIT 100"
        )

    def tenant_filter(self, tripwire) -> str:
        """Name tenant B outright: by its marker values, or every tenant but the own."""
        table = self.table()
        a = self.alias()
        self.used.add((table, "tenant_id"))
        items = [self.text_of(a, self.column(table)), f"{a}.tenant_id"]
        if tripwire:
            items.append(self.tripwire(tripwire, a, table))
        where = self.rng.choice(
            [
                self.only_b(a, table),
                f"{a}.tenant_id <> (SELECT min({a}2.tenant_id) FROM {table} {a}2)",
                f"{a}.id >= 9000000000",
                "true",
            ]
        )
        return f"SELECT {', '.join(items)} FROM {table} {a} WHERE {where} ORDER BY 1 LIMIT 100"
