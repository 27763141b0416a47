/* A measurement, not part of mafvote: what extracting the post fields costs when it is done in C on
   lexbor's own parser and selector engine, every selector compiled once (selectolax re-compiles on
   every call and hands each match to Python). bench/bench_c_floor.py builds and runs it. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <time.h>
#include <lexbor/html/html.h>
#include <lexbor/css/css.h>
#include <lexbor/selectors/selectors.h>

#define MAX_FIELDS 8

static lxb_css_parser_t *css_parser;
static lxb_selectors_t *selectors;
static lxb_css_selector_list_t *fields[MAX_FIELDS];
static int n_fields, body_field = -1;

typedef struct { Py_ssize_t matches, bytes; int field; } found_t;

/* Per match: the body's inner html (its children serialised), any other field's text. */
static lxb_status_t on_match(lxb_dom_node_t *node, lxb_css_selector_specificity_t spec, void *arg) {
    found_t *f = arg;
    f->matches++;
    if (f->field == body_field) {
        lexbor_str_t html = {0};
        for (lxb_dom_node_t *child = node->first_child; child != NULL; child = child->next)
            lxb_html_serialize_deep_str(child, &html);
        f->bytes += html.length;
        lexbor_str_destroy(&html, node->owner_document->text, false);
    } else {
        size_t len = 0;
        lxb_char_t *text = lxb_dom_node_text_content(node, &len);
        f->bytes += len;
        if (text != NULL)
            lxb_dom_document_destroy_text(node->owner_document, text);
    }
    return LXB_STATUS_OK;
}

/* compile([selector, ...], body_index): parse the field selectors once. */
static PyObject *compile_fields(PyObject *self, PyObject *args) {
    PyObject *seq;
    if (!PyArg_ParseTuple(args, "Oi", &seq, &body_field))
        return NULL;
    if (css_parser == NULL) {
        css_parser = lxb_css_parser_create();
        lxb_css_parser_init(css_parser, NULL);
        lxb_css_selectors_t *css_selectors = lxb_css_selectors_create();
        lxb_css_selectors_init(css_selectors);
        lxb_css_parser_selectors_set(css_parser, css_selectors);
        selectors = lxb_selectors_create();
        lxb_selectors_init(selectors);
        lxb_selectors_opt_set(selectors, LXB_SELECTORS_OPT_MATCH_ROOT);
    }
    n_fields = 0;
    Py_ssize_t n = PySequence_Size(seq);
    for (Py_ssize_t i = 0; i < n && n_fields < MAX_FIELDS; i++) {
        PyObject *item = PySequence_GetItem(seq, i);
        Py_ssize_t len;
        const char *text = item ? PyUnicode_AsUTF8AndSize(item, &len) : NULL;
        if (text == NULL) { Py_XDECREF(item); return NULL; }
        fields[n_fields] = lxb_css_selectors_parse(css_parser, (const lxb_char_t *) text, (size_t) len);
        Py_DECREF(item);
        if (fields[n_fields] == NULL)
            return PyErr_Format(PyExc_ValueError, "lexbor cannot parse selector %zd", i);
        n_fields++;
    }
    Py_RETURN_NONE;
}

static double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double) t.tv_sec + (double) t.tv_nsec * 1e-9;
}

/* run(utf8_page, loops, with_fields) -> (CPU seconds per loop, matches, bytes read):
   create + parse + (field queries) + destroy, `loops` times. */
static PyObject *run(PyObject *self, PyObject *args) {
    const char *page;
    Py_ssize_t size;
    int loops, with_fields;
    if (!PyArg_ParseTuple(args, "y#ii", &page, &size, &loops, &with_fields))
        return NULL;
    found_t found = {0};
    double start = cpu_seconds();
    for (int k = 0; k < loops; k++) {
        lxb_html_document_t *doc = lxb_html_document_create();
        lxb_html_document_parse(doc, (const lxb_char_t *) page, (size_t) size);
        for (int i = 0; with_fields && i < n_fields; i++) {
            found.field = i;
            lxb_selectors_find(selectors, lxb_dom_interface_node(doc), fields[i], on_match, &found);
        }
        lxb_html_document_destroy(doc);
    }
    double per_loop = (cpu_seconds() - start) / loops;
    return Py_BuildValue("(dnn)", per_loop, found.matches / loops, found.bytes / loops);
}

static PyMethodDef methods[] = {
    {"compile", compile_fields, METH_VARARGS, "parse the field selectors once"},
    {"run", run, METH_VARARGS, "time parse (+ field extraction) of a page"},
    {NULL, NULL, 0, NULL},
};
static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "c_floor", NULL, -1, methods};
PyMODINIT_FUNC PyInit_c_floor(void) { return PyModule_Create(&module); }
