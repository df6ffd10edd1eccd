col = THIS_getColor(p, matCtx);
