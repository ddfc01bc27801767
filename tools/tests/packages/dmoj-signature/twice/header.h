// What a submission defines: the handler calls it.
long twice(long x);
