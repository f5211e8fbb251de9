window.HANDBOOK_CHAPTERS = [[["工具列","zh-Hant/bars/toolbar.html"]],[["按鈕","zh-Hant/controls/buttons.html"]]];
