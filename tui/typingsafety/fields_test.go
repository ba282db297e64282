package typingsafety

import (
	"reflect"
	"unsafe"

	"github.com/sophia-labs/vehicle/tui"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// textFields is the text of the places where typed text may be: into
// names one ("composer", "filter": the picker's), else it is the composer
// and every text field that shows: the search bar's, the picker's filter
// (while the picker shows) and the fields of the dialog on top.
func textFields(v tui.HarnessView, into string) []string {
	switch into {
	case "composer":
		return []string{v.Draft}
	case "filter":
		return lineInputs(v.Picker)
	}
	out := []string{v.Draft}
	if v.Focus == "focusSearch" {
		out = append(out, v.Search)
	}
	if v.Mode != "" {
		out = append(out, lineInputs(v.Picker)...)
	}
	if v.Overlay != nil {
		out = append(out, lineInputs(v.Overlay)...)
	}
	return out
}

// lineInputType is ui.LineInput's type: the one-line text field.
var lineInputType = reflect.TypeFor[ui.LineInput]()

// lineInputs is the text of the one-line fields (ui.LineInput) a
// component holds, directly or in an array of them. Its fields are
// unexported: the harness reads them through their own String method.
func lineInputs(c any) []string {
	v := reflect.ValueOf(c)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return nil
	}
	s := v.Elem()
	var out []string
	for i := range s.NumField() {
		f := s.Field(i)
		switch {
		case f.Type() == lineInputType:
			out = append(out, read(f))
		case f.Kind() == reflect.Array && f.Type().Elem() == lineInputType:
			for j := range f.Len() {
				out = append(out, read(f.Index(j)))
			}
		}
	}
	return out
}

// read is a LineInput's text, read through String from a field of a
// component: the field is addressable, its address is the LineInput.
func read(f reflect.Value) string {
	return (*ui.LineInput)(unsafe.Pointer(f.UnsafeAddr())).String()
}
