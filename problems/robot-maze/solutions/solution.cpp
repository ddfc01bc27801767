// robot-maze, the plain solution: a breadth-first search from the start.
//
// Idea. A BFS visits cells in order of their distance from the start, so the first time it
// reaches a cell it has found a shortest route to it; remembering where it came from (the
// parent) lets us walk back from the finish. O(R x C) time and memory.
//
// Which route. From each cell we try the moves in the statement's order U, D, L, R and
// record the parent only when a cell is reached for the first time. Then the queue holds
// every layer sorted by the routes' move sequences, and each cell keeps the
// lexicographically smallest shortest route: the first parent to reach it is the one whose
// own route sorts first. Recording the parent later (when the cell is taken from the queue,
// or again at every visit) breaks exactly this.
//
// The grid is one flat array with a border of walls, so a move never needs a bounds check
// and cell (r, c), 1-based, is index r * width + c.
#include <cstdio>
#include <iostream>
#include <queue>
#include <string>
#include <vector>

int main() {
    std::ios::sync_with_stdio(false);
    std::cin.tie(nullptr);
    long long rows, cols, r1, c1, r2, c2;
    std::cin >> rows >> cols >> r1 >> c1 >> r2 >> c2;
    const long long width = cols + 2;
    // blocked[i]: a wall, the border, or a cell already reached.
    std::vector<char> blocked((rows + 2) * width, 1);
    std::string row;
    for (long long r = 1; r <= rows; ++r) {
        std::cin >> row;
        for (long long c = 1; c <= cols; ++c) blocked[r * width + c] = row[c - 1] == '1';
    }
    const long long start = r1 * width + c1, finish = r2 * width + c2;

    // The start may be a wall: the robot stands there and can still leave it.
    std::vector<long long> parent(blocked.size(), -1);
    blocked[start] = 1;
    std::queue<long long> queue;
    queue.push(start);
    const long long moves[4] = {-width, width, -1, 1};  // the statement's order: U < D < L < R
    while (!queue.empty()) {
        long long v = queue.front();
        queue.pop();
        for (long long move : moves) {
            long long w = v + move;
            if (!blocked[w]) {
                blocked[w] = 1;
                parent[w] = v;  // first reached: this parent stays
                queue.push(w);
            }
        }
    }

    if (finish != start && parent[finish] < 0) {
        std::cout << "-1\n";
        return 0;
    }
    std::vector<long long> route = {finish};
    while (route.back() != start) route.push_back(parent[route.back()]);
    std::string out;
    char line[48];
    for (auto it = route.rbegin(); it != route.rend(); ++it) {
        int n = std::snprintf(line, sizeof line, "%lld %lld\n", *it / width, *it % width);
        out.append(line, n);
    }
    std::cout << out;
}
