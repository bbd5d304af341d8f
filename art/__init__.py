"""Fonts, colour schemes and counter layouts (shipped as the package staffwork_data.art)."""
