// A generator lives in gen/ directly under a cases folder; load_cases must skip it
// (it has no case header and would otherwise be reported).
int main() { return 0; }
