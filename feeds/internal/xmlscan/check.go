package xmlscan

// Check reads all of data, which must be UTF-8, and returns the first
// reason it is not a well-formed XML document with namespaces, or nil.
func Check(data []byte) error {
	s := New(data)
	for s.Next() {
	}
	return s.Err()
}
