package sse

import "testing"

// 0.91 §4.4 and §4.4.1 with one endpoint editing an item on two git
// branches: both changes carry version 2 and its by, with different whens.
// The collation tells them apart by when (§4.4 step 1.2), and conflict
// detection compares the loser's when and by with the winner's (step
// 1.3, n = 0) and finds a conflict: the earlier change is kept as an
// sx:conflict whichever side is local. 0.91 has no hole here; 1.0.2 needed
// a reading (engine.HistorySubsumed).
func TestSameVersionBySameEndpointIsAConflict(t *testing.T) {
	base := st("Sat, 01 Jan 2000 00:00:00 GMT", "other")
	onMain := item("i3", 2, "ON-MAIN", st("Fri, 01 Jan 2021 00:00:05 GMT", "me"), base)
	onTopic := item("i3", 2, "ON-TOPIC", st("Fri, 01 Jan 2021 00:00:00 GMT", "me"), base)
	for _, m := range []*Item{mustMerge(t, onMain, onTopic), mustMerge(t, onTopic, onMain)} {
		if m.Data != text("ON-MAIN") || !m.Conflict || len(m.Conflicts) != 1 || m.Conflicts[0].Data != text("ON-TOPIC") {
			t.Errorf("merged to %s, want ON-MAIN with ON-TOPIC as its sx:conflict", show(m))
		}
	}
}
