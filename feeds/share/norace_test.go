//go:build !race

package share

const raceOn = false
