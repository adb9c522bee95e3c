from django.contrib.auth import views as auth_views
from django.urls import path

from apps.accounts import views

urlpatterns = [
    path(
        "login/",
        auth_views.LoginView.as_view(
            template_name="accounts/login.html", redirect_authenticated_user=True
        ),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("settings/tokens/", views.tokens, name="api_tokens"),
    path("settings/tokens/<str:token_id>/revoke", views.token_revoke, name="api_token_revoke"),
]
