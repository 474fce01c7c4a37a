"""The engine's campaign parts, for ``builder.campaigns``: each system's campaign rules (or
none), its settings with their defaults, the roster folded from the events, which proposed
events are new, and the ``muster-campaign/1`` file's reader (all pure, in ``rules_engine``)."""

from rules_engine.campaign import (
    CampaignRules,
    Setting,
    campaign_rules,
    campaign_systems,
    new_events,
    roster,
    settings_with_defaults,
)
from rules_engine.campaign_file import FORMAT as CAMPAIGN_FORMAT
from rules_engine.campaign_file import read_campaign, write_campaign

__all__ = [
    "CAMPAIGN_FORMAT",
    "CampaignRules",
    "Setting",
    "campaign_rules",
    "campaign_systems",
    "new_events",
    "read_campaign",
    "roster",
    "settings_with_defaults",
    "write_campaign",
]
