"""The walk of layer 1: every node, function, table, cast and column of a parsed query
checked against the policy's allow-lists (`validation.py` parses, then regenerates).

Column names are resolved per SELECT block (`_Block`), innermost first, so that a column
the tables in reach do not have is reported where it is written.
"""

import re
import string
from dataclasses import dataclass, field

from sqlglot import exp

from apps.gateway import allowlist, errors
from apps.gateway.dialect import DIALECT
from apps.gateway.errors import ErrorCode, GatewayError
from apps.gateway.limits import MAX_PARAMETERS
from apps.gateway.policy import Policy

_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)
_WORDS = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?: [A-Za-z_][A-Za-z0-9_]*)*")


def _fold(name: str) -> str:
    # PostgreSQL folds unquoted identifiers to lower case in ASCII only.
    return name.translate(_ASCII_LOWER)


def _name(node) -> str:
    if isinstance(node, exp.Identifier):
        return node.this if node.quoted else _fold(node.this)
    if isinstance(node, exp.Expression):
        return _fold(node.name)
    return _fold(str(node))


def _position(node: exp.Expression) -> int | None:
    for candidate in node.walk():
        meta = candidate._meta
        if meta and "start" in meta:
            return meta["start"] + 1
    return None


def _children(value):
    if isinstance(value, exp.Expression):
        yield value
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, exp.Expression):
                yield item


@dataclass(eq=False)
class _Block:
    """One SELECT: what its FROM clause provides, for resolving column names."""

    parent: "_Block | None"
    # reference name -> column names, or None when unknown (subquery, CTE, function)
    sources: dict[str, frozenset[str] | None] = field(default_factory=dict)
    labels: set[str] = field(default_factory=set)

    @property
    def complete(self) -> bool:
        return all(columns is not None for columns in self.sources.values())


class Checker:
    def __init__(self, policy: Policy, sql: str, *, parameter_count: int | None = None):
        self.policy = policy
        self.sql = sql
        # None while checking submitted SQL (named parameters); a count when re-checking the
        # regenerated SQL, whose `$n` placeholders the gateway wrote itself.
        self.parameter_count = parameter_count
        self.parameters: list[str] = []
        self.placeholders: list[exp.Placeholder] = []
        self.tables: set[str] = set()
        self.unqualified_tables: list[exp.Table] = []
        self.columns: list[tuple[exp.Column, _Block]] = []

    def fail(self, code: ErrorCode, message: str, node: exp.Expression | None = None):
        raise GatewayError(code, message, _position(node) if node is not None else None)

    def check(self, root: exp.Expression) -> None:
        stack: list[tuple[exp.Expression, frozenset[str], _Block | None]] = [
            (root, frozenset(), None)
        ]
        while stack:
            node, ctes, block = stack.pop()
            self._check_node(node)
            with_ = node.args.get("with_")
            visible = ctes
            if isinstance(with_, exp.With):
                visible = self._push_ctes(stack, with_, ctes, block)
            inner_block = block
            if isinstance(node, exp.Select):
                inner_block = _Block(parent=block)
                self._collect_sources(node, visible, inner_block)
            elif isinstance(node, exp.Table):
                self._check_table(node, visible)
            elif isinstance(node, exp.Column):
                self._check_column_name(node, block)
            # The hot loop of validation: `_children` inlined.
            for key, value in node.args.items():
                if isinstance(value, exp.Expression):
                    if key != "with_":
                        stack.append((value, visible, inner_block))
                elif isinstance(value, list):
                    for child in value:
                        if isinstance(child, exp.Expression):
                            stack.append((child, visible, inner_block))
        for column, block in self.columns:
            self._resolve_column(column, block)

    def _push_ctes(self, stack, with_: exp.With, ctes: frozenset[str], block) -> frozenset[str]:
        self._check_node(with_)
        names = [_name(cte.args["alias"].this) for cte in with_.expressions]
        recursive = bool(with_.args.get("recursive"))
        for index, cte in enumerate(with_.expressions):
            self._check_node(cte)
            # A CTE sees the ones before it (all of them under RECURSIVE); a later name in a
            # plain WITH resolves to a real table, so it must not count as a CTE here.
            seen = ctes | frozenset(names if recursive else names[:index])
            for value in cte.args.values():
                for child in _children(value):
                    stack.append((child, seen, block))
        return ctes | frozenset(names)

    def _check_node(self, node: exp.Expression) -> None:
        kind = type(node)
        if isinstance(node, exp.Anonymous):
            self._check_function_name(node)
        elif kind in allowlist.NODES:
            pass
        elif isinstance(node, exp.Func):
            if kind not in allowlist.FUNCTION_NODES:
                name = node.sql_name().lower() if hasattr(node, "sql_name") else node.key
                self.fail(ErrorCode.FORBIDDEN_FUNCTION, errors.FUNCTION.format(name=name), node)
        else:
            if kind is exp.ObjectIdentifier:
                self.fail(
                    ErrorCode.FORBIDDEN_CONSTRUCT,
                    errors.CAST_TYPE.format(type=node.name.lower() or "an object identifier"),
                    node,
                )
            what = allowlist.CONSTRUCT_NAMES.get(kind.__name__, node.key.upper())
            self.fail(ErrorCode.FORBIDDEN_CONSTRUCT, errors.CONSTRUCT.format(what=what), node)
        if kind is exp.DataType:
            if node.this not in allowlist.CAST_TYPES:
                self.fail(
                    ErrorCode.FORBIDDEN_CONSTRUCT,
                    errors.CAST_TYPE.format(type=node.sql(dialect=DIALECT).lower()),
                    node,
                )
        elif kind is exp.Var:
            # Vars are written back verbatim, so only plain words may be one.
            if not _WORDS.fullmatch(str(node.this)):
                self.fail(
                    ErrorCode.FORBIDDEN_CONSTRUCT,
                    errors.CONSTRUCT.format(what=f"The bare word {str(node.this)[:40]!r}"),
                    node,
                )
        elif kind is exp.Placeholder:
            self._check_placeholder(node)
        elif kind is exp.Parameter:
            self._check_parameter(node)
        elif kind is exp.Dot:
            # pg_catalog.f(x) is the built-in f itself; any other schema is not.
            if isinstance(node.expression, exp.Func) and not (
                isinstance(node.this, exp.Identifier) and _name(node.this) == "pg_catalog"
            ):
                self.fail(
                    ErrorCode.FORBIDDEN_FUNCTION,
                    errors.QUALIFIED_FUNCTION.format(name=node.sql(dialect=DIALECT)[:60]),
                    node,
                )
        elif kind is exp.In:
            self._check_list_length(node, node.expressions, "IN")
        elif kind is exp.Array:
            self._check_list_length(node, node.expressions, "ARRAY")
        elif kind is exp.Values:
            self._check_list_length(node, node.expressions, "VALUES")

    def _check_function_name(self, node: exp.Anonymous) -> None:
        name = _name(node.this)
        if name not in allowlist.FUNCTIONS:
            self.fail(ErrorCode.FORBIDDEN_FUNCTION, errors.FUNCTION.format(name=name), node)

    def _check_list_length(self, node, items, what: str) -> None:
        if len(items) > self.policy.max_in_list:
            self.fail(
                ErrorCode.TOO_LARGE,
                errors.LIST_TOO_LONG.format(
                    what=what, count=len(items), limit=self.policy.max_in_list
                ),
                node,
            )

    def _check_placeholder(self, node: exp.Placeholder) -> None:
        name = node.this if isinstance(node.this, str) else None
        if self.parameter_count is not None or not name or node.args.get("jdbc"):
            self.fail(ErrorCode.PARAMETER_ERROR, errors.POSITIONAL_PARAMETER.format(text="?"), node)
        if name not in self.parameters:
            if len(self.parameters) >= MAX_PARAMETERS:
                self.fail(
                    ErrorCode.PARAMETER_ERROR,
                    errors.TOO_MANY_PARAMETERS.format(
                        count=len(self.parameters) + 1, limit=MAX_PARAMETERS
                    ),
                    node,
                )
            self.parameters.append(name)
        self.placeholders.append(node)

    def _check_parameter(self, node: exp.Parameter) -> None:
        value = node.this
        ours = (
            self.parameter_count is not None
            and isinstance(value, exp.Literal)
            and value.is_int
            and 1 <= int(value.this) <= self.parameter_count
        )
        if not ours:
            text = node.sql(dialect=DIALECT)[:20]
            self.fail(
                ErrorCode.PARAMETER_ERROR, errors.POSITIONAL_PARAMETER.format(text=text), node
            )

    # tables

    def _check_table(self, node: exp.Table, ctes: frozenset[str]) -> None:
        if not isinstance(node.this, exp.Identifier):
            return  # a function in FROM: checked with the FROM clause that holds it
        name = _name(node.this)
        db, catalog = node.args.get("db"), node.args.get("catalog")

        def written() -> str:
            return ".".join(p.sql(dialect=DIALECT) for p in (catalog, db, node.this) if p)

        if catalog is not None:
            self.fail(
                ErrorCode.TABLE_NOT_ALLOWED, errors.DATABASE_QUALIFIED.format(name=written()), node
            )
        schema = _name(db) if db is not None else None
        if schema is None and name in ctes:
            return
        # Unqualified pg_* names resolve in pg_catalog, which is searched first.
        if (schema is None and name.startswith("pg_")) or (
            schema is not None and (schema in allowlist.CATALOG_SCHEMAS or schema.startswith("pg_"))
        ):
            self.fail(
                ErrorCode.TABLE_NOT_ALLOWED,
                errors.CATALOG.format(name=written(), allowed=self.policy.allowed_tables_text()),
                node,
            )
        schema = schema or self.policy.schema
        if not self.policy.allow_any_table and (
            schema != self.policy.schema or name not in self.policy.tables
        ):
            self.fail(
                ErrorCode.TABLE_NOT_ALLOWED,
                errors.TABLE.format(name=written(), allowed=self.policy.allowed_tables_text()),
                node,
            )
        self.tables.add(f"{schema}.{name}")
        if db is None:
            self.unqualified_tables.append(node)

    def _collect_sources(self, select: exp.Select, ctes: frozenset[str], block: _Block) -> None:
        from_ = select.args.get("from_")
        items = [from_.this] if from_ is not None else []
        items += [join.this for join in select.args.get("joins") or []]
        for item in items:
            self._add_source(item, ctes, block)
        # Output names, which ORDER BY and GROUP BY may use: aliases, and the implicit
        # name of a function call (`count(*)` is named "count").
        for projection in select.expressions:
            if isinstance(projection, exp.Alias):
                block.labels.add(_name(projection.args["alias"]))
            elif isinstance(projection, exp.Anonymous):
                block.labels.add(_name(projection.this))

    def _add_source(self, item: exp.Expression, ctes: frozenset[str], block: _Block) -> None:
        alias = item.args.get("alias")
        alias_name = _name(alias.this) if isinstance(alias, exp.TableAlias) and alias.this else None
        renamed = isinstance(alias, exp.TableAlias) and bool(alias.args.get("columns"))
        function = None
        if isinstance(item, (exp.Table, exp.Lateral)) and isinstance(item.this, exp.Func):
            function = item.this
        if function is not None and not isinstance(function, exp.Unnest):
            name = (
                _name(function.this)
                if isinstance(function, exp.Anonymous)
                else function.key.lower()
            )
            if name not in allowlist.TABLE_FUNCTIONS:
                self.fail(
                    ErrorCode.FORBIDDEN_FUNCTION, errors.TABLE_FUNCTION.format(name=name), function
                )
            block.sources[alias_name or name] = None
            return
        if isinstance(item, exp.Table) and isinstance(item.this, exp.Identifier):
            name = _name(item.this)
            db = item.args.get("db")
            is_cte = db is None and name in ctes
            columns = None
            if not is_cte and not renamed and (db is None or _name(db) == self.policy.schema):
                columns = self.policy.columns.get(name)
            block.sources[alias_name or name] = columns
            return
        block.sources[alias_name or f"#{len(block.sources)}"] = None

    # columns

    def _check_column_name(self, node: exp.Column, block: _Block | None) -> None:
        if isinstance(node.this, exp.Star):
            return
        identifier = node.this
        if (
            node.args.get("table") is None
            and isinstance(identifier, exp.Identifier)
            and not identifier.quoted
            and _fold(identifier.this) in allowlist.KEYWORD_FUNCTIONS
        ):
            self.fail(
                ErrorCode.FORBIDDEN_FUNCTION,
                errors.FUNCTION.format(name=_fold(identifier.this)),
                node,
            )
        if block is not None:
            self.columns.append((node, block))

    def _resolve_column(self, node: exp.Column, block: _Block) -> None:
        name = _name(node.this)
        table = node.args.get("table")
        if table is not None:
            reference = _name(table)
            scope = block
            while scope is not None:
                if reference in scope.sources:
                    columns = scope.sources[reference]
                    if columns is not None and name not in columns:
                        self.fail(
                            ErrorCode.UNKNOWN_COLUMN,
                            errors.COLUMN.format(
                                column=name, table=reference, columns=", ".join(sorted(columns))
                            ),
                            node,
                        )
                    return
                scope = scope.parent
            return  # an unknown reference; PostgreSQL names it precisely
        scope = block
        while scope is not None:
            if not scope.complete:
                return
            if name in scope.sources or any(name in columns for columns in scope.sources.values()):
                return
            if scope is block and name in scope.labels:
                return
            scope = scope.parent
        known = {ref: cols for scope in _chain(block) for ref, cols in scope.sources.items()}
        if len(known) == 1:
            [(reference, columns)] = known.items()
            self.fail(
                ErrorCode.UNKNOWN_COLUMN,
                errors.COLUMN.format(
                    column=name, table=reference, columns=", ".join(sorted(columns))
                ),
                node,
            )
        tables = sorted(known) or ["the query (it has no FROM clause)"]
        self.fail(
            ErrorCode.UNKNOWN_COLUMN,
            errors.COLUMN_ANYWHERE.format(column=name, tables=", ".join(tables)),
            node,
        )


def _chain(block: _Block | None):
    while block is not None:
        yield block
        block = block.parent
