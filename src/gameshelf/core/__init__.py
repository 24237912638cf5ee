"""What every game shares: errors, seeded chance, the state contract, game records, the
store, the game definition and its registry types (import each from its module).
"""
