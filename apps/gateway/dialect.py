"""The sqlglot dialect the gateway parses and regenerates with: PostgreSQL, minus transpiling.

sqlglot maps known function names to typed nodes and writes them back in its own spelling
(`date_part` becomes `EXTRACT`, `date_bin`'s origin becomes a bare word, `current_time`
gets parentheses). The gateway parses PostgreSQL and sends PostgreSQL, so plain function calls
stay `Anonymous` nodes, checked by name and written back as written. Only calls with
special syntax (CAST, EXTRACT, POSITION, SUBSTRING, TRIM, OVERLAY) keep their parsers.
"""

import logging

from sqlglot import exp
from sqlglot.dialects.postgres import Postgres
from sqlglot.generators.postgres import PostgresGenerator
from sqlglot.parsers.postgres import PostgresParser

SPECIAL_SYNTAX_FUNCTIONS = ("CAST", "EXTRACT", "OVERLAY", "POSITION", "SUBSTRING", "TRIM")


class GatewayPostgres(Postgres):
    class Parser(PostgresParser):
        FUNCTIONS: dict = {}
        FUNCTION_PARSERS = {
            name: parser
            for name, parser in PostgresParser.FUNCTION_PARSERS.items()
            if name in SPECIAL_SYNTAX_FUNCTIONS
        }

        def _parse_interval_span(self, this, parse_function_unit: bool = True):
            # sqlglot keeps only the first "<n> <unit>" of an interval string, so
            # INTERVAL '1 day 02:30:00' would become INTERVAL '1 DAY'. PostgreSQL reads the
            # whole string: keep it whole, with the optional field word after it.
            if this is None or not this.is_string:
                return super()._parse_interval_span(this, parse_function_unit)
            unit = None
            if (
                self._curr is not None
                and self._curr.text.upper() in self.dialect.VALID_INTERVAL_UNITS
            ):
                unit = self._parse_var(any_token=True, upper=True)
            return self.expression(exp.Interval(this=this, unit=unit))

    class Generator(PostgresGenerator):
        TRANSFORMS = {
            **PostgresGenerator.TRANSFORMS,
            # PostgreSQL rejects CURRENT_TIME() with parentheses.
            exp.CurrentTime: lambda self, e: (
                f"CURRENT_TIME({self.sql(e, 'this')})" if e.this else "CURRENT_TIME"
            ),
        }

        def interval_sql(self, expression: exp.Interval) -> str:
            # Written as read: INTERVAL '<string>' [FIELD], never merged into one string.
            unit = self.sql(expression, "unit")
            this = self.sql(expression, "this")
            return f"INTERVAL {this} {unit}" if unit else f"INTERVAL {this}"


DIALECT = GatewayPostgres()

# sqlglot logs a warning whenever it falls back to a Command; the gateway rejects those with
# its own error, and the warning would only clutter the CLI's output.
logging.getLogger("sqlglot").setLevel(logging.ERROR)
