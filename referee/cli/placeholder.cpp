// Keeps arena_referee non-empty until the referee sources land.
