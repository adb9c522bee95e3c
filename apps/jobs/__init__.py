"""Background jobs on Django's tasks framework (ARCHITECTURE.md, "Scale-out").

The queue is django-tasks-db's table in PostgreSQL; callers use `task.enqueue(...)` (define
tasks with `apps.jobs.definitions.job` to say what happens when a worker dies). Jobs are run
by runner threads: inside each web process (TESSERA_TASK_RUNNER=threads, the one-process
default; a job runs in the process that queued it) or only inside `manage.py worker`
processes on any machine sharing the database (TESSERA_TASK_RUNNER=workers).

A runner process holds a PostgreSQL advisory lock for as long as it lives. When a process is
killed, PostgreSQL drops its session and the lock with it; the other runners notice that a
RUNNING job belongs to a process without a lock and run the job again or mark it failed with a
clear message (apps/jobs/reaper.py). Runners wake on NOTIFY when a job is queued.
"""
