float THIS_box(vec3 q, float h) {
  vec3 d = abs(q) - h;
  return length(max(d, 0.0)) + min(max(d.x, max(d.y, d.z)), 0.0);
}

float THIS_box(vec2 q, float h) {
  vec2 d = abs(q) - h;
  return length(max(d, 0.0)) + min(max(d.x, d.y), 0.0);
}

// Looks at the neighbour cell c + o: the distance from the point (at `local`
// in cell c) to its cube, kept as the nearest solid or the nearest empty one.
void THIS_visit(CoordT c, CoordT o, CoordT local, float s, ContextT ctx, inout ReturnT nearest,
                inout float toSolid, inout float toEmpty) {
  ReturnT r = inputOp1((c + o) * s, ctx);
  float b = THIS_box(local - o * s, 0.5 * s);
  if (xfDist(r) < 0.0) {
    if (b < toSolid) {
      toSolid = b;
      nearest = r;
    }
  } else {
    toEmpty = min(toEmpty, max(b, 0.0));
  }
}

// Distance from p to the union of the solid cells. For a point in an empty
// cell that is the nearest solid cell among the neighbours; any cell further
// out is at least one cell size away, and at least d(centre) - size * sqrt(n)
// away because the input is a distance bound. For a point in a solid cell the
// same holds for the nearest empty cell, with the sign turned.
ReturnT thismap(CoordT p, ContextT ctx) {
  float s = max(THIS_VoxelSize, 1e-4);
  CoordT c = floor(p / s + 0.5);
  CoordT local = p - c * s;
  ReturnT own = inputOp1(c * s, ctx);
  ReturnT nearest = own;
  float toSolid = xfDist(own) < 0.0 ? THIS_box(local, 0.5 * s) : 1e10;
  float toEmpty = 1e10;
#if defined(THIS_COORD_TYPE_vec3)
  float diag = s * 1.7320508;
  for (int k = -1; k <= 1; k++) {
    for (int j = -1; j <= 1; j++) {
      for (int i = -1; i <= 1; i++) {
        if (i != 0 || j != 0 || k != 0) {
          THIS_visit(c, vec3(float(i), float(j), float(k)), local, s, ctx, nearest, toSolid, toEmpty);
        }
      }
    }
  }
#else
  float diag = s * 1.4142136;
  for (int j = -1; j <= 1; j++) {
    for (int i = -1; i <= 1; i++) {
      if (i != 0 || j != 0) {
        THIS_visit(c, vec2(float(i), float(j)), local, s, ctx, nearest, toSolid, toEmpty);
      }
    }
  }
#endif
  ReturnT res = own;
  if (xfDist(own) < 0.0) {
    xfSetDist(res, -min(toEmpty, s));
  } else {
    res = nearest;
    xfSetDist(res, min(toSolid, max(s, xfDist(own) - diag)));
  }
  return res;
}
