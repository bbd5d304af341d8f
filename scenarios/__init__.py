"""Game data: one folder per game (shipped as the package staffwork_data.scenarios)."""
