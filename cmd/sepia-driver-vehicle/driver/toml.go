package driver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// tomlHeader opens vehicle.driver.toml.
const tomlHeader = `# vehicle.driver.toml: the manifest of sepia-driver-vehicle, so that sepia knows
# the driver without spawning it. Install it beside the binary. It is what
# driver.manifest answers, written by: sepia-driver-vehicle -driver-toml
`

// ManifestTOML renders a manifest (the JSON driver.manifest answers) as the
// .driver.toml file installed beside the binary: the same members in the
// same order, objects as tables. It fails on a null, which TOML cannot hold.
func ManifestTOML(manifestJSON []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(manifestJSON))
	dec.UseNumber()
	root, err := readNode(dec)
	if err != nil {
		return nil, fmt.Errorf("the manifest is not JSON: %w", err)
	}
	if root.kind != '{' {
		return nil, errors.New("the manifest is not a JSON object")
	}
	var b bytes.Buffer
	b.WriteString(tomlHeader)
	if err := writeTable(&b, nil, root); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// node is a JSON value with its object members in document order.
type node struct {
	kind  byte // '{' object, '[' array, '"' string, '0' number, 'b' boolean, 'n' null
	keys  []string
	items []*node // members of an object (beside keys) or items of an array
	lit   string  // a scalar's TOML text
}

// readNode reads one value from dec.
func readNode(dec *json.Decoder) (*node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		n := &node{kind: byte(t)}
		for dec.More() {
			if t == '{' {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, k.(string))
			}
			item, err := readNode(dec)
			if err != nil {
				return nil, err
			}
			n.items = append(n.items, item)
		}
		if _, err := dec.Token(); err != nil && !errors.Is(err, io.EOF) {
			return nil, err
		}
		return n, nil
	case string:
		s, _ := marshal(t)
		return &node{kind: '"', lit: string(s)}, nil
	case json.Number:
		return &node{kind: '0', lit: t.String()}, nil
	case bool:
		return &node{kind: 'b', lit: fmt.Sprint(t)}, nil
	}
	return &node{kind: 'n'}, nil
}

// writeTable writes a table's plain members, then its sub-tables.
func writeTable(b *bytes.Buffer, path []string, n *node) error {
	for i, k := range n.keys {
		if v := n.items[i]; v.kind != '{' {
			s, err := inlineValue(v)
			if err != nil {
				return fmt.Errorf("%s: %w", strings.Join(append(path, k), "."), err)
			}
			fmt.Fprintf(b, "%s = %s\n", tomlKey(k), s)
		}
	}
	for i, k := range n.keys {
		if v := n.items[i]; v.kind == '{' {
			sub := append(append([]string(nil), path...), k)
			keys := make([]string, len(sub))
			for j, s := range sub {
				keys[j] = tomlKey(s)
			}
			if !onlyTables(v) {
				fmt.Fprintf(b, "\n[%s]\n", strings.Join(keys, "."))
			}
			if err := writeTable(b, sub, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// inlineValue renders a value on one line: arrays as arrays, objects inside
// them as inline tables.
func inlineValue(n *node) (string, error) {
	switch n.kind {
	case 'n':
		return "", errors.New("null has no TOML form")
	case '[', '{':
		parts := make([]string, len(n.items))
		for i, it := range n.items {
			s, err := inlineValue(it)
			if err != nil {
				return "", err
			}
			if n.kind == '{' {
				s = tomlKey(n.keys[i]) + " = " + s
			}
			parts[i] = s
		}
		if n.kind == '[' {
			return "[" + strings.Join(parts, ", ") + "]", nil
		}
		return "{ " + strings.Join(parts, ", ") + " }", nil
	}
	return n.lit, nil
}

// tomlKey quotes a key unless TOML takes it bare (A-Z a-z 0-9 _ -).
func tomlKey(k string) string {
	bare := k != ""
	for _, r := range k {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			bare = false
		}
	}
	if bare {
		return k
	}
	s, _ := marshal(k)
	return string(s)
}

// onlyTables reports whether an object has members and all are objects: its
// header can be left to its sub-tables.
func onlyTables(n *node) bool {
	for _, it := range n.items {
		if it.kind != '{' {
			return false
		}
	}
	return len(n.items) > 0
}
