import { Drawer, Menu, type MenuProps } from 'antd';

export interface PhoneMenuProps {
  open: boolean;
  onClose: () => void;
  selected: string;
  items: MenuProps['items'];
}

/** The site menu in a drawer from the left, for a phone (loaded on the first tap of 打开菜单). */
export default function PhoneMenu(props: PhoneMenuProps) {
  const { open, onClose, selected, items } = props;
  return (
    <Drawer title="菜单" placement="left" width={240} open={open} onClose={onClose}>
      <nav aria-label="主菜单">
        <Menu mode="vertical" selectedKeys={[selected]} items={items} style={{ borderInlineEnd: 'none' }} onClick={onClose} />
      </nav>
    </Drawer>
  );
}
