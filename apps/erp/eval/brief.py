"""The ten questions of the original briefs, verbatim: English (issue 6) and Portuguese
(issue 13). Tests and bench/ask.py use them."""

ENGLISH = [
    "What is the average tenure of employees at the company?",
    "How many active employees are there in each department?",
    "Which department has the highest average employee level?",
    "How many employees were hired in each department this year and last year?",
    "What was the average salary of the Sales department between March two years ago and May "
    "last year?",
    "Which department had the higher average salary last year, Engineering or Marketing?",
    "What is the average salary of employees at each level this year?",
    "What is the average salary in the most recent month for employees with less than one year, "
    "one to two years, and two to three years of tenure?",
    "Who are the ten employees with the largest salary increase from last year to this year?",
    "Are there unpaid salaries — employees who were employed in a month but have no payment "
    "record for that month?",
]
PORTUGUESE = [
    "Qual é o tempo médio de permanência dos funcionários na empresa?",
    "Quantos funcionários ativos há em cada departamento?",
    "Qual departamento tem o maior nível médio dos funcionários?",
    "Quantos funcionários foram admitidos em cada departamento neste ano e no ano passado?",
    "Qual foi o salário médio do departamento de Vendas entre março de dois anos atrás e maio "
    "do ano passado?",
    "Qual departamento teve o maior salário médio no ano passado, Engenharia ou Marketing?",
    "Qual é o salário médio dos funcionários de cada nível neste ano?",
    "Qual é o salário médio do mês mais recente para funcionários com menos de um ano, de um a "
    "dois anos e de dois a três anos de empresa?",
    "Quais foram os dez funcionários com o maior aumento salarial do ano passado para este ano?",
    "Há casos de salários não pagos, isto é, funcionários que estavam empregados em determinado "
    "mês, mas não têm registro de pagamento referente a esse mês?",
]
