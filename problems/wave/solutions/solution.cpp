// wave, the plain solution: the wave (Lee) algorithm, a breadth-first search from s.
//
// Idea. The wave numbers every cell with its distance from s, layer by layer: a BFS. The
// number of f is the length of a shortest path; walking back from f, always to a neighbour
// numbered one less, follows one. O(n x m) time and memory.
//
// Which path. The statement fixes the walk back: from f, each time the first neighbour in
// the order up, right, down, left whose number is one less. So we keep the numbers (not
// parents: the parent the BFS found first is often another cell) and walk back by them.
//
// The grid is one flat array with a border of walls, so a move never needs a bounds check.
#include <iostream>
#include <queue>
#include <string>
#include <vector>

int main() {
    std::ios::sync_with_stdio(false);
    std::cin.tie(nullptr);
    long long n, m;
    std::cin >> n >> m;
    const long long width = m + 2;
    // Cell (i, j), 0-based, is index (i + 1) * width + j + 1 inside a border of walls.
    std::string grid((n + 2) * width, '#');
    std::string row;
    for (long long i = 0; i < n; ++i) {
        std::cin >> row;
        grid.replace((i + 1) * width + 1, m, row);
    }
    const long long start = grid.find('s'), finish = grid.find('f');
    const long long moves[4] = {-width, 1, width, -1};  // up, right, down, left

    // The wave: dist[i] is the number of moves from s (-1: not reached; walls stay -1).
    std::vector<long long> dist(grid.size(), -1);
    dist[start] = 0;
    std::queue<long long> queue;
    queue.push(start);
    while (!queue.empty()) {
        long long v = queue.front();
        queue.pop();
        for (long long move : moves) {
            long long w = v + move;
            if (grid[w] != '#' && dist[w] < 0) {
                dist[w] = dist[v] + 1;
                queue.push(w);
            }
        }
    }

    if (dist[finish] < 0) {
        std::cout << "-1\n";
        return 0;
    }
    // The walk back from f, first neighbour in the order up, right, down, left one step
    // closer to s; every cell stepped on before s becomes a star.
    for (long long v = finish; dist[v] > 1;) {
        for (long long move : moves)
            if (dist[v + move] == dist[v] - 1) {
                v += move;
                break;
            }
        grid[v] = '*';
    }
    std::string out = std::to_string(dist[finish]) + "\n";
    for (long long i = 1; i <= n; ++i) out.append(grid, i * width + 1, m).push_back('\n');
    std::cout << out;
}
