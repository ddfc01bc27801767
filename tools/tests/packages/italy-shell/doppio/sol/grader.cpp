#include <iostream>

long long doppio(long long n);

int main() {
    long long n;
    if (!(std::cin >> n)) return 1;
    std::cout << doppio(n) << "\n";
}
