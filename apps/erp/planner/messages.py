"""What the ERP planner says when it does not answer. Tests reuse these constants."""

NOT_ERP = "This is not a question about the ERP data (departments, employees, salaries)."
READ_ONLY = (
    "I can only read the ERP, not change it: I will not add, change or delete employees, "
    "departments or salaries. Ask me a question about the data instead, for example "
    "“How many active employees are there in each department?”"
)
NEEDS_MODEL = (
    "I can't answer this without a language model: {reason} The built-in planner only answers "
    "questions it can map exactly onto the ERP's semantic model; configure a model provider "
    "(TESSERA_MODEL_PROVIDER) for open-ended questions, or rephrase."
)
UNKNOWN_WORDS = "I don't know what {words} means in the ERP data."
SEVERAL_MEASURES = "the question asks for several measures at once; ask for one at a time."
COUNT_OF_FACT = "I can't tell whether to count people or aggregate the value you mention."
NO_SUCH_MEASURE = "the semantic model has no {agg} measure of {fact}."
TOO_MANY_DIMENSIONS = "grouping by more than two things at once is beyond the built-in planner."
TOO_MANY_PERIODS = "too many periods to compare at once."
PERCENT_WITHOUT_CHANGE = "a percentage of what? I only compute percentage changes."
TWO_POPULATIONS = "the question mixes current and former employees."
COUNT_PER_EMPLOYEE = "counting employees per employee means nothing; what should be ranked?"
TOP_WITHOUT_RANKING = "a number of people without a ranking (largest, highest…)."
CONFLICTING_ORDER = "the question asks for more than one ordering."
RANKING_WITHOUT_GROUPS = "ranking needs something to rank: departments, levels or employees."
UNPAID_RANKING = "ranking unpaid months is beyond the built-in planner; ask for counts by department or employee."
RANKING_TWO_GROUPINGS = "ranking by two groupings at once is ambiguous; rank one of them."
UNPAID_AGGREGATE = "unpaid months are listed or counted; other aggregates of them mean nothing."
COMPARISON_NEEDS_TWO = "a comparison needs two departments (or a grouping) to compare."
UNPAID_PERIODS = "unpaid months are listed for one period at a time."
EVENT_ON_A_DAY = (
    "hires, departures and salaries are counted over a period (salaries are paid monthly), "
    "not on one day; ask for a month or a year."
)
GRAIN_AND_PERIODS = "a breakdown over time combined with several periods is ambiguous."
LIST_ONE_PERIOD = "people are listed for one period at a time."
SNAPSHOT_OVER_TIME = (
    "headcount, level and tenure are taken on a day; a series of them over time is beyond the "
    "built-in planner. Ask for the end of each period instead (e.g. “headcount at the end of "
    "2024 and 2025”)."
)
SNAPSHOT_RANGE = (
    "headcount, level and tenure are taken on a day, and a range has many days; ask for the "
    "end of a period (e.g. “at the end of last year”)."
)
LEVEL_RANGE = "Levels run from 1 to 10; there is no such level."
TWO_LEVEL_FILTERS = "the question names more than one level range."
BAD_ANSWER = "the answer given for “{name}” is not one of the choices."

CLARIFY_PERIOD = "Which period should I use? The answer depends on it."
PROMPT_PERIOD = "Period"
CLARIFY_PERIODS = "Which two periods should I compare?"
PROMPT_PERIODS = "Compare"
CLARIFY_DEPARTMENT = "Which department do you mean?"
PROMPT_DEPARTMENT = "Department"
CLARIFY_MEASURE = "What would you like to know about it?"
PROMPT_MEASURE = "Measure"

QUERY_FAILED = "The query could not be run: {error}"
