mod gen;
