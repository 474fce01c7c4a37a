from django.contrib import admin

from builder.simulations.models import SimulationJob


@admin.register(SimulationJob)
class SimulationJobAdmin(admin.ModelAdmin[SimulationJob]):
    list_display = ("public_id", "owner", "system", "runs", "status", "blocks_done", "created_at")
    list_filter = ("status", "system")
    readonly_fields = ("public_id", "created_at", "started_at", "finished_at")
