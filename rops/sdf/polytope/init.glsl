THIS_init();
