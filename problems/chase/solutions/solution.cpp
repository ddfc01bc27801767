// chase, the plain solution: a breadth-first search from the monster S.
//
// Idea. A BFS visits cells in order of their distance from S, so the first time it reaches
// a cell it has found a shortest way there: the distance of E is the answer. For --path we
// also remember each cell's parent, the cell it was first reached from, and walk back from
// E. O(R x C) time and memory.
//
// Which path. Moves are tried in the statement's order down, up, right, left, and a cell's
// parent is recorded only when the cell is reached for the first time. The queue then holds
// each layer sorted by the cells' move sequences, so every cell keeps the lexicographically
// smallest shortest path under D < U < R < L: its first parent is the one whose own path
// sorts first.
//
// The grid is one flat array with a border of walls, so a move never needs a bounds check.
#include <cstdio>
#include <cstring>
#include <iostream>
#include <queue>
#include <sstream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    bool want_path = argc > 1 && std::strcmp(argv[1], "--path") == 0;
    std::vector<std::string> lines;
    for (std::string line; std::getline(std::cin, line);) lines.push_back(line);

    // A first line of two whole numbers is the header "R C"; a row never holds a digit.
    size_t first_row = 0;
    {
        std::istringstream header(lines[0]);
        long long r, c;
        std::string rest;
        if (header >> r >> c && !(header >> rest)) first_row = 1;
    }
    // Rows come written together ("S..#") or spaced ("S . . #"): drop the spaces.
    std::vector<std::string> rows;
    for (size_t i = first_row; i < lines.size() && !lines[i].empty(); ++i) {
        std::string cells;
        for (char ch : lines[i])
            if (ch != ' ') cells += ch;
        rows.push_back(cells);
    }
    const long long height = rows.size(), width = rows[0].size() + 2;

    // Cell (r, c), 0-based, is index (r + 1) * width + c + 1 inside a border of walls.
    std::vector<char> blocked((height + 2) * width, 1);  // a wall or a cell already reached
    long long start = 0, goal = 0;
    for (long long r = 0; r < height; ++r)
        for (long long c = 0; c + 2 < width; ++c) {
            long long i = (r + 1) * width + c + 1;
            char ch = rows[r][c];
            blocked[i] = ch == '#';
            if (ch == 'S') start = i;
            if (ch == 'E') goal = i;
        }

    std::vector<long long> dist(blocked.size(), -1), parent(blocked.size(), -1);
    dist[start] = 0;
    blocked[start] = 1;
    std::queue<long long> queue;
    queue.push(start);
    const long long moves[4] = {width, -width, 1, -1};  // the statement's order: D < U < R < L
    while (!queue.empty()) {
        long long v = queue.front();
        queue.pop();
        if (v == goal) break;
        for (long long move : moves) {
            long long w = v + move;
            if (!blocked[w]) {
                blocked[w] = 1;
                dist[w] = dist[v] + 1;
                parent[w] = v;  // first reached: this parent stays
                queue.push(w);
            }
        }
    }

    if (!want_path) {
        std::cout << dist[goal] << "\n";
        return 0;
    }
    std::string out;
    if (dist[goal] >= 0) {
        std::vector<long long> path = {goal};
        while (path.back() != start) path.push_back(parent[path.back()]);
        char cell[48];
        for (auto it = path.rbegin(); it != path.rend(); ++it) {
            int n = std::snprintf(cell, sizeof cell, "%s(%lld, %lld)", it == path.rbegin() ? "" : " ",
                                  *it / width - 1, *it % width - 1);
            out.append(cell, n);
        }
    }
    std::cout << out << "\n";  // an empty line when E cannot be reached
}
