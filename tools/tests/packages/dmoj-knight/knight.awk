# The knight problem (fewest knight moves between two squares of an n x n board, one query a
# line), a BFS per query; on a board of size `bad` (awk -v bad=N) it answers 0 instead.
NR == 1 { n = $1; next }
{ q++; r1[q] = $1; c1[q] = $2; r2[q] = $3; c2[q] = $4 }
END {
    split("1 2 2 1 -1 -2 -2 -1", dr, " "); split("2 1 -1 -2 -2 -1 1 2", dc, " ")
    for (i = 1; i <= q; i++) {
        if (n == bad) { print 0; continue }
        delete d; h = 1; t = 1; qr[1] = r1[i]; qc[1] = c1[i]; d[r1[i], c1[i]] = 0
        while (h <= t) {
            r = qr[h]; c = qc[h]; h++
            for (k = 1; k <= 8; k++) {
                a = r + dr[k]; b = c + dc[k]
                if (a >= 1 && a <= n && b >= 1 && b <= n && !((a, b) in d)) {
                    d[a, b] = d[r, c] + 1; t++; qr[t] = a; qc[t] = b
                }
            }
        }
        print (((r2[i], c2[i]) in d) ? d[r2[i], c2[i]] : -1)
    }
}
