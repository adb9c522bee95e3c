"""The gateway's policy and allow-lists agree with the models and with sqlglot."""

from sqlglot import exp

from apps.erp.models import Department, Employee, Salary
from apps.gateway import allowlist
from apps.gateway.policy import ERP_TABLES, default_policy
from apps.objects.models import Candidate, Position


def test_erp_columns_match_the_models():
    for model in (Department, Employee, Salary, Position, Candidate):
        columns = {field.column for field in model._meta.concrete_fields}
        assert set(ERP_TABLES[model._meta.db_table]) == columns


def test_default_policy_is_the_erp_allow_list_under_the_configured_limits():
    policy = default_policy()
    assert set(policy.tables) == {
        "erp_department",
        "erp_employee",
        "erp_salary",
        "erp_position",
        "erp_candidate",
    }
    assert "erp_candidate_event" not in policy.tables
    assert policy.schema == "public" and not policy.allow_any_table
    assert default_policy(allow_any_table=True).allow_any_table


def test_dangerous_functions_are_not_on_the_allow_list():
    dangerous = {
        "set_config", "current_setting", "query_to_xml", "table_to_xml", "cursor_to_xml",
        "pg_sleep", "pg_advisory_lock", "pg_advisory_xact_lock", "pg_notify",
        "pg_terminate_backend", "pg_cancel_backend", "dblink", "dblink_exec",
        "pg_read_file", "pg_ls_dir", "lo_import", "lo_export", "nextval", "setval", "currval",
        "ts_stat", "setseed", "txid_current", "version", "current_database",
    }  # fmt: skip
    assert not dangerous & allowlist.FUNCTIONS
    assert allowlist.TABLE_FUNCTIONS <= allowlist.FUNCTIONS


def test_allow_lists_name_real_sqlglot_classes():
    for node in (*allowlist.NODES, *allowlist.FUNCTION_NODES):
        assert issubclass(node, exp.Expression)
    assert exp.Command not in allowlist.NODES
    assert not {exp.Insert, exp.Update, exp.Delete, exp.Merge, exp.Into, exp.Lock} & allowlist.NODES
