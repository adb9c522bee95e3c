"""The hiring pipeline's rules, enforced by PostgreSQL (issue 9).

Application code checks first for fast feedback; these triggers, constraints, policies and
grants have the final word, whatever the code that calls them does. Errors raised here carry
SQLSTATEs of class `TP` and a JSON DETAIL; apps/objects/errors.py maps them (and the named
constraints of 0001) to application errors in one place.

| SQLSTATE | rule |
|---|---|
| TP001 | only roles hr_manager and admin (bound `app.role`) write positions and candidates |
| TP002 | a state change must be an edge of the state machine |
| TP003 | a candidate in a final state (hired, rejected, withdrawn) never changes |
| TP004 | an offered salary lies within the position's band |
| TP005 | the position (or department) must exist in the row's tenant |
| TP006 | id and creation time never change |
| TP007 | history rows are written by the database only, and never updated or deleted |
| TP008 | candidates are never deleted (only a maintenance session of the owner may) |
| TP009 | a new candidate starts in `applied` |
| TP010 | a row belongs to the bound tenant (row-level security checks it too, after triggers) |
"""

from django.db import migrations

from apps.accounts.rls import CURRENT_ROLE, CURRENT_TENANT, CURRENT_USER_ID, tenant_isolation

# The state machine. apps/objects/pipeline.py declares the same edges for the pre-checks;
# tests/objects/test_declarations.py fails when the two disagree.
TRANSITIONS = [
    ("applied", "screening"),
    ("screening", "interview"),
    ("interview", "offer"),
    ("offer", "hired"),
    *[
        (state, final)
        for state in ("applied", "screening", "interview", "offer")
        for final in ("rejected", "withdrawn")
    ],
]
FINAL_STATES = ("hired", "rejected", "withdrawn")
WRITER_ROLES = ("hr_manager", "admin")


def _list(values) -> str:
    return ", ".join(f"'{value}'" for value in values)


HELPERS = f"""
CREATE FUNCTION erp_candidate_transitions()
RETURNS TABLE (from_state text, to_state text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ VALUES {", ".join(f"('{a}', '{b}')" for a, b in TRANSITIONS)} $$;

CREATE FUNCTION erp_pipeline_may_write() RETURNS boolean
LANGUAGE sql STABLE
AS $$ SELECT coalesce({CURRENT_ROLE} IN ({_list(WRITER_ROLES)}), false) $$;

-- A maintenance session is one logged in as the table's owner (migrations, the demo seed).
-- session_user cannot be changed by SET ROLE, so the runtime role can never pose as one.
CREATE FUNCTION erp_pipeline_is_maintenance(relation oid) RETURNS boolean
LANGUAGE sql STABLE
AS $$ SELECT session_user = pg_get_userbyid(relowner) FROM pg_class WHERE oid = relation $$;

CREATE FUNCTION erp_pipeline_check_tenant(tenant bigint) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
    IF tenant IS DISTINCT FROM {CURRENT_TENANT} THEN
        RAISE EXCEPTION 'the row belongs to tenant %, not to the bound tenant %',
                tenant, coalesce({CURRENT_TENANT}::text, '(none)')
            USING ERRCODE = 'TP010', DETAIL = json_build_object('tenant_id', tenant)::text;
    END IF;
END $$;

CREATE FUNCTION erp_pipeline_deny_writer() RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
    RAISE EXCEPTION 'role % may not change the hiring pipeline',
            coalesce({CURRENT_ROLE}, '(none)')
        USING ERRCODE = 'TP001',
              DETAIL = json_build_object('role', {CURRENT_ROLE})::text,
              HINT = 'Only HR managers and admins may change positions and candidates.';
END $$;
"""

POSITION_GUARD = """
CREATE FUNCTION erp_position_guard() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        IF NOT (erp_pipeline_may_write() OR erp_pipeline_is_maintenance(TG_RELID)) THEN
            PERFORM erp_pipeline_deny_writer();
        END IF;
        RETURN OLD;
    END IF;
    IF NOT erp_pipeline_may_write() THEN
        PERFORM erp_pipeline_deny_writer();
    END IF;
    PERFORM erp_pipeline_check_tenant(NEW.tenant_id);
    IF TG_OP = 'UPDATE' AND NEW.id <> OLD.id THEN
        RAISE EXCEPTION 'the id of a position never changes'
            USING ERRCODE = 'TP006', DETAIL = json_build_object('table', 'erp_position')::text;
    END IF;
    -- Runs as the caller, so row-level security hides other tenants' departments.
    IF NOT EXISTS (SELECT 1 FROM erp_department d
                   WHERE d.id = NEW.department_id AND d.tenant_id = NEW.tenant_id) THEN
        RAISE EXCEPTION 'department % does not exist in this tenant', NEW.department_id
            USING ERRCODE = 'TP005',
                  DETAIL = json_build_object('department_id', NEW.department_id)::text;
    END IF;
    IF TG_OP = 'UPDATE' AND EXISTS (
        SELECT 1 FROM erp_candidate c
        WHERE c.position_id = NEW.id AND c.state = 'offer'
          AND c.offered_salary NOT BETWEEN NEW.salary_min AND NEW.salary_max) THEN
        RAISE EXCEPTION 'an open offer lies outside the new salary band'
            USING ERRCODE = 'TP004',
                  DETAIL = json_build_object('salary_min', NEW.salary_min,
                                             'salary_max', NEW.salary_max)::text;
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER erp_position_guard
    BEFORE INSERT OR UPDATE OR DELETE ON erp_position
    FOR EACH ROW EXECUTE FUNCTION erp_position_guard();
"""

CANDIDATE_GUARD = f"""
CREATE FUNCTION erp_candidate_guard() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
    band record;
BEGIN
    IF NOT erp_pipeline_may_write() THEN
        PERFORM erp_pipeline_deny_writer();
    END IF;
    PERFORM erp_pipeline_check_tenant(NEW.tenant_id);

    IF TG_OP = 'INSERT' THEN
        IF NEW.state IS DISTINCT FROM 'applied' THEN
            RAISE EXCEPTION 'a new candidate starts in applied, not %', NEW.state
                USING ERRCODE = 'TP009', DETAIL = json_build_object('to', NEW.state)::text;
        END IF;
        NEW.created_at := now();
    ELSE
        IF NEW.id <> OLD.id OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
            RAISE EXCEPTION 'the id and creation time of a candidate never change'
                USING ERRCODE = 'TP006', DETAIL = json_build_object('table', 'erp_candidate')::text;
        END IF;
        IF OLD.state IN ({_list(FINAL_STATES)}) THEN
            RAISE EXCEPTION 'candidate % is % and can no longer change', OLD.id, OLD.state
                USING ERRCODE = 'TP003',
                      DETAIL = json_build_object('id', OLD.id, 'state', OLD.state)::text;
        END IF;
        IF NEW.state IS DISTINCT FROM OLD.state AND NOT EXISTS (
            SELECT 1 FROM erp_candidate_transitions() t
            WHERE t.from_state = OLD.state AND t.to_state = NEW.state) THEN
            RAISE EXCEPTION 'a candidate cannot move from % to %', OLD.state, NEW.state
                USING ERRCODE = 'TP002',
                      DETAIL = json_build_object('id', OLD.id, 'from', OLD.state,
                                                 'to', NEW.state)::text;
        END IF;
    END IF;

    -- Runs as the caller, so row-level security hides other tenants' positions.
    SELECT p.salary_min, p.salary_max INTO band
    FROM erp_position p WHERE p.id = NEW.position_id AND p.tenant_id = NEW.tenant_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'position % does not exist in this tenant', NEW.position_id
            USING ERRCODE = 'TP005',
                  DETAIL = json_build_object('position_id', NEW.position_id)::text;
    END IF;
    IF NEW.offered_salary IS NOT NULL
       AND NEW.offered_salary NOT BETWEEN band.salary_min AND band.salary_max THEN
        RAISE EXCEPTION 'offered salary % is outside the band % to %',
                NEW.offered_salary, band.salary_min, band.salary_max
            USING ERRCODE = 'TP004',
                  DETAIL = json_build_object('offered_salary', NEW.offered_salary,
                                             'salary_min', band.salary_min,
                                             'salary_max', band.salary_max)::text;
    END IF;

    NEW.updated_at := now();
    RETURN NEW;
END $$;

CREATE TRIGGER erp_candidate_guard
    BEFORE INSERT OR UPDATE ON erp_candidate
    FOR EACH ROW EXECUTE FUNCTION erp_candidate_guard();

CREATE FUNCTION erp_candidate_deny_delete() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    IF TG_OP = 'DELETE' AND erp_pipeline_is_maintenance(TG_RELID) THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION 'candidates are never deleted; move them to rejected or withdrawn'
        USING ERRCODE = 'TP008', DETAIL = json_build_object('operation', TG_OP)::text;
END $$;

CREATE TRIGGER erp_candidate_no_delete
    BEFORE DELETE ON erp_candidate
    FOR EACH ROW EXECUTE FUNCTION erp_candidate_deny_delete();
CREATE TRIGGER erp_candidate_no_truncate
    BEFORE TRUNCATE ON erp_candidate
    FOR EACH STATEMENT EXECUTE FUNCTION erp_candidate_deny_delete();
"""

# SECURITY DEFINER: the runtime role has no INSERT privilege on the history; only this
# function, owned by the owner role, writes it. Forced RLS still applies to the owner, so
# the row must belong to the bound tenant.
HISTORY = f"""
CREATE FUNCTION erp_candidate_history() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public
AS $$
DECLARE
    note text := coalesce(current_setting('app.note', true), '');
BEGIN
    IF TG_OP = 'UPDATE' AND NEW.state IS NOT DISTINCT FROM OLD.state
       AND NEW.offered_salary IS NOT DISTINCT FROM OLD.offered_salary THEN
        RETURN NULL;
    END IF;
    INSERT INTO erp_candidate_event
        (tenant_id, candidate_id, from_state, to_state, offered_salary, actor_id, at, note)
    VALUES (NEW.tenant_id, NEW.id,
            CASE WHEN TG_OP = 'UPDATE' THEN OLD.state END, NEW.state, NEW.offered_salary,
            {CURRENT_USER_ID}, clock_timestamp(), note);
    -- The note belongs to this change only.
    PERFORM set_config('app.note', '', true);
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION erp_candidate_history() FROM PUBLIC;

CREATE TRIGGER erp_candidate_history
    AFTER INSERT OR UPDATE ON erp_candidate
    FOR EACH ROW EXECUTE FUNCTION erp_candidate_history();

CREATE FUNCTION erp_candidate_event_guard() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    -- Depth 1 is a statement against the history itself; the history trigger runs at 2.
    IF TG_OP = 'INSERT' AND pg_trigger_depth() > 1 THEN
        RETURN NEW;
    END IF;
    -- A history lives and dies with its candidate: deleted only by the cascade of a
    -- maintenance session's candidate deletion.
    IF TG_OP = 'DELETE' AND erp_pipeline_is_maintenance(TG_RELID) THEN
        IF NOT EXISTS (SELECT 1 FROM erp_candidate c WHERE c.id = OLD.candidate_id) THEN
            RETURN OLD;
        END IF;
    END IF;
    RAISE EXCEPTION 'the candidate history is append-only and written by the database'
        USING ERRCODE = 'TP007', DETAIL = json_build_object('operation', TG_OP)::text;
END $$;

CREATE TRIGGER erp_candidate_event_guard
    BEFORE INSERT OR UPDATE OR DELETE ON erp_candidate_event
    FOR EACH ROW EXECUTE FUNCTION erp_candidate_event_guard();
CREATE TRIGGER erp_candidate_event_no_truncate
    BEFORE TRUNCATE ON erp_candidate_event
    FOR EACH STATEMENT EXECUTE FUNCTION erp_candidate_event_guard();
"""

# Composite keys: a row may only reference a row of its own tenant. (Foreign-key checks
# bypass row-level security, so a single-column key would accept another tenant's position.)
# erp_department has no (tenant_id, id) key; erp_position_guard checks the tenant instead.
TENANT_KEYS = """
ALTER TABLE erp_position ADD CONSTRAINT erp_position_department_fk
    FOREIGN KEY (department_id) REFERENCES erp_department (id) ON DELETE CASCADE;
ALTER TABLE erp_candidate ADD CONSTRAINT erp_candidate_position_same_tenant
    FOREIGN KEY (tenant_id, position_id) REFERENCES erp_position (tenant_id, id)
    ON DELETE CASCADE;
ALTER TABLE erp_candidate_event ADD CONSTRAINT erp_candidate_event_candidate_same_tenant
    FOREIGN KEY (tenant_id, candidate_id) REFERENCES erp_candidate (tenant_id, id)
    ON DELETE CASCADE;
"""

GRANTS = """
REVOKE DELETE, TRUNCATE ON erp_candidate FROM tessera_app;
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON erp_candidate_event FROM tessera_app;
REVOKE ALL ON FUNCTION erp_candidate_guard(), erp_candidate_deny_delete(),
    erp_candidate_event_guard(), erp_position_guard() FROM PUBLIC;
GRANT SELECT ON erp_position, erp_candidate TO tessera_query;
"""

REVERSE = """
REVOKE SELECT ON erp_position, erp_candidate FROM tessera_query;
GRANT DELETE ON erp_candidate TO tessera_app;
GRANT INSERT, UPDATE, DELETE ON erp_candidate_event TO tessera_app;
ALTER TABLE erp_candidate_event DROP CONSTRAINT erp_candidate_event_candidate_same_tenant;
ALTER TABLE erp_candidate DROP CONSTRAINT erp_candidate_position_same_tenant;
ALTER TABLE erp_position DROP CONSTRAINT erp_position_department_fk;
DROP TRIGGER erp_candidate_event_no_truncate ON erp_candidate_event;
DROP TRIGGER erp_candidate_event_guard ON erp_candidate_event;
DROP FUNCTION erp_candidate_event_guard();
DROP TRIGGER erp_candidate_history ON erp_candidate;
DROP FUNCTION erp_candidate_history();
DROP TRIGGER erp_candidate_no_truncate ON erp_candidate;
DROP TRIGGER erp_candidate_no_delete ON erp_candidate;
DROP FUNCTION erp_candidate_deny_delete();
DROP TRIGGER erp_candidate_guard ON erp_candidate;
DROP FUNCTION erp_candidate_guard();
DROP TRIGGER erp_position_guard ON erp_position;
DROP FUNCTION erp_position_guard();
DROP FUNCTION erp_pipeline_deny_writer();
DROP FUNCTION erp_pipeline_check_tenant(bigint);
DROP FUNCTION erp_pipeline_is_maintenance(oid);
DROP FUNCTION erp_pipeline_may_write();
DROP FUNCTION erp_candidate_transitions();
"""

TABLES = ["erp_position", "erp_candidate", "erp_candidate_event"]


class Migration(migrations.Migration):
    dependencies = [("objects", "0001_initial")]

    operations = [
        *[tenant_isolation(table) for table in TABLES],
        migrations.RunSQL(
            sql=[HELPERS, POSITION_GUARD, CANDIDATE_GUARD, HISTORY, TENANT_KEYS, GRANTS],
            reverse_sql=[REVERSE],
        ),
    ]
