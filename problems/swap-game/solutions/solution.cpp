// swap-game, the plain solution: one breadth-first search from the sorted board over all
// 9! = 362,880 boards, then one look-up per board.
//
// Idea. A swap can be undone by the same swap, so the fewest swaps from a board to the
// sorted one equals the fewest from the sorted one to the board. One BFS from the sorted
// board therefore gives every board's answer at once, whatever the number of boards: a
// search per board (the seed's way) repeats the same work for each of them. The BFS visits
// 9! boards and tries 12 swaps from each: about 4.4 million steps. No tie-break here: the
// answers are numbers.
//
// A board is the 9-digit number of its cells in reading order (the sorted one is
// 123456789), so swapping two cells is arithmetic on two digits.
#include <iostream>
#include <queue>
#include <string>
#include <unordered_map>
#include <vector>

int main() {
    std::ios::sync_with_stdio(false);
    std::cin.tie(nullptr);
    // Cells 0..8 in reading order; the twelve pairs that share a side.
    const int swaps[12][2] = {{0, 1}, {1, 2}, {3, 4}, {4, 5}, {6, 7}, {7, 8},
                              {0, 3}, {3, 6}, {1, 4}, {4, 7}, {2, 5}, {5, 8}};
    int power[9];  // power[k]: the place value of cell k (cell 0 is the leading digit)
    for (int k = 8, p = 1; k >= 0; --k, p *= 10) power[k] = p;

    std::unordered_map<int, int> dist;
    dist.reserve(1 << 20);
    std::queue<int> queue;
    dist[123456789] = 0;
    queue.push(123456789);
    while (!queue.empty()) {
        int board = queue.front();
        queue.pop();
        int d = dist[board];
        for (const auto& s : swaps) {
            int a = board / power[s[0]] % 10, b = board / power[s[1]] % 10;
            int next = board + (b - a) * power[s[0]] + (a - b) * power[s[1]];
            if (dist.try_emplace(next, d + 1).second) queue.push(next);  // first time seen
        }
    }

    std::string out;
    for (int x; std::cin >> x;) {
        int board = x;
        for (int k = 1; k < 9; ++k) {
            std::cin >> x;
            board = board * 10 + x;
        }
        out += std::to_string(dist[board]) + "\n";
    }
    std::cout << out;
}
