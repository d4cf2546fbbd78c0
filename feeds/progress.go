package feeds

// Progress is told how far a long task has come: done of total, bytes read
// of a feed's bytes for a parse, items merged of the remote feed's for a
// merge. It is called on the goroutine that does the task, now and then
// (after each item, once ReportBytes more bytes are read, or every
// ReportItems items merged) and at the end of a task that succeeds, with
// done equal to total; done never goes back. It must return quickly. A
// task given a nil Progress costs what it does without one.
type Progress func(done, total int)

// How often a task reports its progress: every ReportBytes read, every
// ReportItems merged.
const (
	ReportBytes = 256 << 10
	ReportItems = 1024
)

// ParseWithProgress is Parse, telling p how many of data's bytes it has
// read (of the decoded text's, for a feed that is not UTF-8). The items
// are most of the work; what follows the last one is reported at the end.
func ParseWithProgress(name string, data []byte, p Progress) (*Doc, error) {
	return parse(name, data, p)
}

// MergeWithProgress is Merge, telling p how many of remote's items it has
// merged.
func MergeWithProgress(local, remote *Doc, p Progress) (*Doc, error) {
	return merge(local, remote, p)
}
