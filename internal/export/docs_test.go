package export_test

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/internal/export"
)

// TestDocsNameEveryField keeps docs/tui.md's description of the JSONL shape
// in step with Header and Item.
func TestDocsNameEveryField(t *testing.T) {
	b, err := os.ReadFile("../../docs/tui.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n## Export\n")
	if !ok {
		t.Fatal("docs/tui.md has no Export section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	for _, v := range []any{export.Header{}, export.Item{}} {
		typ := reflect.TypeOf(v)
		for i := range typ.NumField() {
			name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
			if !strings.Contains(section, `"`+name+`"`) {
				t.Errorf("docs/tui.md's Export section does not name %s's field %q", typ.Name(), name)
			}
		}
	}
	if !strings.Contains(section, export.JSONLVersion) {
		t.Errorf("docs/tui.md's Export section does not name %s", export.JSONLVersion)
	}
}
