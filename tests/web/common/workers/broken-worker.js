// A worker for the toolkit's tests whose script fails as it loads.
throw new Error('its script failed to load');
