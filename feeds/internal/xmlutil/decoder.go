package xmlutil

import (
	"bytes"
	"encoding/xml"
	"io"
)

// NewDecoder returns an encoding/xml decoder set up as etree sets up its
// own (strict, the declared encoding ignored), for readers that still use
// encoding/xml (feeds/cse). The bindings read through Read instead.
func NewDecoder(data []byte) *xml.Decoder {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	dec.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	return dec
}
