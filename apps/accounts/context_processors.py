def access(request):
    return {"access": getattr(request, "access", None)}
