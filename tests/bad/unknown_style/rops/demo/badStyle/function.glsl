ReturnT thismap(CoordT p, ContextT ctx) { return createSdf(length(p) - THIS_Size); }
