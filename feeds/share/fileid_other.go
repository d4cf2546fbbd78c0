//go:build !linux && !darwin

package share

import "os"

// sysID adds nothing: size and modification time identify the file here.
// A change they miss (the same size written within the clock's
// resolution) is still found by the fold, which reads the feed under its
// lock and compares its digest with the hub's before it writes.
func sysID(os.FileInfo, *fileID) {}
