// pushing-boxes, the plain solution: a breadth-first search over box states, and for each
// state a breadth-first search of the keeper's walks.
//
// Idea. What matters after a push is where the box is and which way it was pushed (the
// keeper then stands on the cell the box just left): a box state. From a state, a push in
// direction D needs the keeper to walk, around the box, to the cell behind it: one BFS of
// the keeper from where he stands, the box counting as a wall, gives the shortest walk to
// all four pushing sides at once. The box states are searched first-in first-out, each with
// its cost (pushes, walks). There are at most 4 x cells states, each running one keeper BFS
// over at most N x M cells: O((N x M)^2) per map, for 20 x 20 at most 1,600 BFSs of 400 cells.
//
// Which plan. The statement fixes the answer among equal plans (rules 1 to 4): walks by the
// keeper's BFS trying n, s, w, e and keeping the first parent of each cell; pushes tried N,
// S, W, E; a state found again takes the new cost only if it is strictly smaller (and keeps
// its place in the queue); the answer is the box-on-T state of smallest cost, the first
// taken from the queue among equals. Costs compare pushes first, then walks: fewest pushes
// is the goal, walks only break ties.
//
// The grid is one flat array with a border of walls, so a move never needs a bounds check.
// Walks are kept as lengths during the search and written out only for the answer.
#include <algorithm>
#include <iostream>
#include <queue>
#include <string>
#include <utility>
#include <vector>

struct Maze {
    std::string grid;  // with a border of '#'
    int width;
    int step[4];  // walking n, s, w, e moves the keeper by step[k]; pushing k moves the box so

    // The keeper's BFS from start, the box a wall, until every cell of `wanted` is reached:
    // how[cell] = the walk's last move into cell (first parent kept), dist[cell] = the walk's
    // length (-1: not reached).
    void walks(int start, int box, const std::vector<int>& wanted, std::vector<int>& dist,
               std::vector<int>& how) const {
        dist.assign(grid.size(), -1);
        how.assign(grid.size(), -1);
        dist[start] = 0;
        dist[box] = -2;  // never entered
        int left = 0;
        for (int cell : wanted) left += cell != start;
        std::queue<int> queue;
        queue.push(start);
        while (left > 0 && !queue.empty()) {
            int v = queue.front();
            queue.pop();
            for (int k = 0; k < 4; ++k) {  // n, s, w, e
                int w = v + step[k];
                if (dist[w] == -1 && grid[w] != '#') {
                    dist[w] = dist[v] + 1;
                    how[w] = k;
                    queue.push(w);
                    left -= std::count(wanted.begin(), wanted.end(), w);
                }
            }
        }
        dist[box] = -1;
    }

    // The walk from start to end as the keeper's BFS chooses it, e.g. "nnw".
    std::string walk_text(int start, int end, int box) const {
        std::vector<int> dist, how;
        walks(start, box, {end}, dist, how);
        std::string moves;
        for (; end != start; end -= step[how[end]]) moves += "nswe"[how[end]];
        std::reverse(moves.begin(), moves.end());
        return moves;
    }

    // The directions k whose pushing side (box - step[k]) and cell ahead are floor.
    std::vector<int> sides(int box) const {
        std::vector<int> ks;
        for (int k = 0; k < 4; ++k)
            if (grid[box - step[k]] != '#' && grid[box + step[k]] != '#') ks.push_back(k);
        return ks;
    }

    std::string solve() const {
        const int keeper = grid.find('S'), box = grid.find('B'), target = grid.find('T');
        // A box state is 4 * (box cell) + (direction of the last push). For each: its cost
        // (pushes, walks), and where it came from: the previous state (-1 for the first
        // pushes) and the keeper's cell before the walk.
        const int states = 4 * grid.size();
        std::vector<std::pair<int, int>> cost(states, {-1, -1});
        std::vector<int> previous(states, -1), stood(states, -1);
        std::queue<int> queue;
        std::vector<int> dist, how, wanted;

        auto try_pushes = [&](int from_state, int here, int stand, std::pair<int, int> base) {
            std::vector<int> ks = sides(here);
            wanted.clear();
            for (int k : ks) wanted.push_back(here - step[k]);
            walks(stand, here, wanted, dist, how);
            for (int k : ks) {  // N, S, W, E
                int side = here - step[k];
                if (dist[side] < 0) continue;
                std::pair<int, int> now = {base.first + 1, base.second + dist[side]};
                int next = 4 * (here + step[k]) + k;
                if (cost[next].first < 0) {  // new: queue it
                    queue.push(next);
                } else if (!(now < cost[next])) {
                    continue;  // not strictly better: keep the old one
                }
                cost[next] = now;  // (a better one keeps its place in the queue)
                previous[next] = from_state;
                stood[next] = stand;
            }
        };

        try_pushes(-1, box, keeper, {0, 0});
        int end = -1;
        std::pair<int, int> best;  // the cost end had when it was taken (it may improve later)
        while (!queue.empty()) {
            int state = queue.front();
            queue.pop();
            int here = state / 4, last = state % 4;
            if (here == target && (end < 0 || cost[state] < best)) {
                end = state;
                best = cost[state];
            }
            // The keeper stands where the box was before the last push.
            try_pushes(state, here, here - step[last], cost[state]);
        }
        if (end < 0) return "Impossible.";
        // Walk back from the answer's state, writing each push after the walk before it.
        std::string plan;
        for (int state = end; state >= 0; state = previous[state]) {
            int k = state % 4, before = state / 4 - step[k];
            plan = walk_text(stood[state], before - step[k], before) + "NSWE"[k] + plan;
        }
        return plan;
    }
};

int main() {
    std::ios::sync_with_stdio(false);
    std::cin.tie(nullptr);
    std::string out;
    for (int n, m, k = 1; std::cin >> n >> m && (n != 0 || m != 0); ++k) {
        Maze maze;
        maze.width = m + 2;
        maze.grid.assign(maze.width, '#');
        for (int r = 0; r < n; ++r) {
            std::string row;
            std::cin >> row;
            maze.grid += "#" + row + "#";
        }
        maze.grid.append(maze.width, '#');
        const int w = maze.width;
        const int step[4] = {-w, w, -1, 1};
        std::copy(step, step + 4, maze.step);
        out += "Maze #" + std::to_string(k) + "\n" + maze.solve() + "\n\n";
    }
    std::cout << out;
}
