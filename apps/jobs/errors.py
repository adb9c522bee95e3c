"""What a person or an operator reads when a job does not end normally."""

WORKER_LOST = (
    "The worker running this job stopped (it was killed or crashed) during attempt "
    "{attempt} of {attempts}, so the job did not finish and nothing it started was kept as "
    "its result. Start it again; if this keeps happening, check the worker's logs."
)
RESULT_NOT_SAVED = (
    "The job ended but its result could not be saved ({error}); it is marked failed. "
    "Start it again."
)


class WorkerLost(Exception):
    """Recorded as the failure of a job whose worker process died (never raised)."""


class ResultNotSaved(Exception):
    """Recorded as the failure of a job whose outcome could not be written."""
