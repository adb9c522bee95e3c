"""The demo ERP. Table and column names are a contract: other issues and external checks
query `erp_department`, `erp_employee` and `erp_salary` by name."""

from django.db import models
from django.db.models import F, Q

from apps.accounts.models import Tenant


class Department(models.Model):
    tenant = models.ForeignKey(Tenant, on_delete=models.PROTECT, db_index=False)
    code = models.CharField(max_length=10)
    name = models.CharField(max_length=100)

    class Meta:
        db_table = "erp_department"
        constraints = [
            models.UniqueConstraint(
                fields=["tenant", "code"], name="erp_department_tenant_code_uniq"
            )
        ]

    def __str__(self) -> str:
        return self.name


class Employee(models.Model):
    tenant = models.ForeignKey(Tenant, on_delete=models.PROTECT)
    name = models.CharField(max_length=200)
    department = models.ForeignKey(Department, on_delete=models.PROTECT, related_name="employees")
    level = models.SmallIntegerField()
    hire_date = models.DateField()
    termination_date = models.DateField(null=True, blank=True)

    class Meta:
        db_table = "erp_employee"
        constraints = [
            models.CheckConstraint(
                condition=Q(level__gte=1, level__lte=10), name="erp_employee_level_range"
            ),
            models.CheckConstraint(
                condition=Q(termination_date__isnull=True)
                | Q(termination_date__gte=F("hire_date")),
                name="erp_employee_terminated_after_hire",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Salary(models.Model):
    tenant = models.ForeignKey(Tenant, on_delete=models.PROTECT, db_index=False)
    employee = models.ForeignKey(
        Employee, on_delete=models.PROTECT, related_name="salaries", db_index=False
    )
    pay_date = models.DateField()
    amount = models.DecimalField(max_digits=12, decimal_places=2)

    class Meta:
        db_table = "erp_salary"
        constraints = [
            models.UniqueConstraint(
                fields=["employee", "pay_date"], name="erp_salary_employee_month_uniq"
            ),
            models.CheckConstraint(condition=Q(amount__gt=0), name="erp_salary_amount_positive"),
        ]
        indexes = [models.Index(fields=["tenant", "pay_date"], name="erp_salary_tenant_date_idx")]

    def __str__(self) -> str:
        return f"{self.employee_id} {self.pay_date}: {self.amount}"
