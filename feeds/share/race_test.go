//go:build race

package share

// raceOn: the race detector is on, and allocates on every access besides
// the program's own, which TestHubGetAllocatesLessThanItsBody counts.
const raceOn = true
