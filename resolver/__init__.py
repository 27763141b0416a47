"""Resolve nights: pure functions from rules + state + actions + rolls to an outcome and the next state."""
