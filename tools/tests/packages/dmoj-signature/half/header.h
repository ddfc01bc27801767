/* What a submission defines: the handler calls it. */
int half(int x);
