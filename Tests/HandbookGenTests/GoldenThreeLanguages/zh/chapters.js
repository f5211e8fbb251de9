window.HANDBOOK_CHAPTERS = [[["工具栏","zh/bars/toolbar.html"]],[["按钮","zh/controls/buttons.html"]]];
