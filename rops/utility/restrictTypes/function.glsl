#if defined(THIS_REFUSED_RETURN)
#error restrictTypes: this node is asked for a return type it does not allow (see its Allow toggles)
#endif
#if defined(THIS_REFUSED_COORD)
#error restrictTypes: this node is asked for a coordinate type it does not allow (see its Allow toggles)
#endif
ReturnT thismap(CoordT p, ContextT ctx) {
  return inputOp1(p, ctx);
}
